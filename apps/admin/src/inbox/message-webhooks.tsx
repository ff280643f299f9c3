import { useState } from 'react';
import { type WebhookDelivery, webhookDeliveries } from '../api/webhooks.ts';
import { formatDateTime } from '../ui/dates.ts';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { usePolling } from '../ui/use-polling.ts';
import { DeliveryStatus, webhookEventLabels } from '../ui/webhook-labels.tsx';

/** How often the open message asks how its webhooks went (a background request). */
const WEBHOOKS_POLL_MS = 5000;

/** What became of a delivery, in words: its attempts, the receiver's status, the error, the next try. */
function outcomeOf(delivery: WebhookDelivery) {
  const parts = [delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`];
  if (delivery.responseStatus !== null) parts.push(`HTTP ${delivery.responseStatus}`);
  // A refused status is its own error ("HTTP 500"): said once.
  if (delivery.lastError && delivery.lastError !== `HTTP ${delivery.responseStatus}`)
    parts.push(delivery.lastError);
  if (delivery.nextAttemptAt) parts.push(`next at ${formatDateTime(delivery.nextAttemptAt)}`);
  return parts.join(' · ');
}

/** The webhook deliveries about the open message, each with how it went and Send again; none: nothing shown. */
export function MessageWebhooks({ messageId }: { messageId: string }) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>([]);
  const { outcome, attempt } = useOutcome();
  const ask = () => webhookDeliveries.page({ message: messageId }, true);
  usePolling(messageId, WEBHOOKS_POLL_MS, ask, (answer) => setDeliveries(answer.deliveries));

  const resend = (delivery: WebhookDelivery) =>
    attempt(async () => {
      const queued = await webhookDeliveries.resend([delivery.seq]);
      setDeliveries((await ask()).deliveries);
      return queued === 1 ? 'The delivery is queued again.' : 'It is already being tried.';
    });

  if (deliveries.length === 0 && !outcome) return null;
  return (
    <section aria-labelledby="message-webhooks-heading" className="message-webhooks">
      <h3 id="message-webhooks-heading">Webhooks</h3>
      <ul className="cards">
        {deliveries.map((delivery) => (
          <li key={delivery.seq} className={`card hook ${delivery.status}`}>
            <p className="hook-head">
              <strong>{webhookEventLabels[delivery.event]}</strong> to{' '}
              <span className="url">{delivery.endpointUrl}</span> <DeliveryStatus status={delivery.status} />
            </p>
            <p className="hook-state">
              {outcomeOf(delivery)}
              {delivery.status !== 'pending' && (
                <button type="button" onClick={() => resend(delivery)}>
                  Send again
                  <span className="visually-hidden">
                    {' '}
                    the {webhookEventLabels[delivery.event]} delivery to {delivery.endpointUrl}
                  </span>
                </button>
              )}
            </p>
          </li>
        ))}
      </ul>
      <Notice outcome={outcome} />
    </section>
  );
}
