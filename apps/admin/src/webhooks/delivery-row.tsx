import { inboxMessagePath } from '@site/api-contract/constants';
import type { WebhookDelivery } from '../api/webhooks.ts';
import { AppLink } from '../ui/app-link.tsx';
import { formatDateTime } from '../ui/dates.ts';
import { DeliveryStatus, webhookEventLabels } from '../ui/webhook-labels.tsx';
import type { Navigate } from '../use-location.ts';

/** A message as the log names it: the random end of its id (the start is its time, shared by its neighbours). */
export const shortMessageId = (id: string) => `…${id.slice(-8)}`;

/** A delivery that is not being tried now can be sent again. */
export const canResend = (delivery: WebhookDelivery) => delivery.status !== 'pending';

type Props = {
  delivery: WebhookDelivery;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onResend: () => void;
  navigate: Navigate;
};

const none = (
  <>
    <span aria-hidden="true" className="none">
      –
    </span>
    <span className="visually-hidden">none</span>
  </>
);

/** One delivery in the log: when, what, about which message, how it went, and Send again. */
export function DeliveryRow({ delivery, selected, onSelect, onResend, navigate }: Props) {
  const { event, messageId, status, attempts, responseStatus, responseSnippet, lastError } = delivery;
  const what = `the ${webhookEventLabels[event]} delivery of ${formatDateTime(delivery.createdAt)} for message ${shortMessageId(messageId)}`;
  return (
    <tr className={`delivery ${status}`}>
      <td>
        {canResend(delivery) && (
          <input
            type="checkbox"
            aria-label={`Select ${what}`}
            checked={selected}
            onChange={(change) => onSelect(change.target.checked)}
          />
        )}
      </td>
      <td>
        <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt)}</time>
      </td>
      <td>
        {webhookEventLabels[event]}
        <code className="event-type">{event}</code>
      </td>
      <td>
        {/* Named by aria-label: hidden text inside an inline link gives it a stray box off the words. */}
        <AppLink
          href={inboxMessagePath(messageId)}
          navigate={navigate}
          className="message-link"
          aria-label={`Open message ${shortMessageId(messageId)}`}
        >
          {shortMessageId(messageId)}
        </AppLink>
      </td>
      <td>
        <DeliveryStatus status={status} />
      </td>
      <td>{attempts}</td>
      <td>
        {responseStatus ?? none}
        {responseSnippet && (
          <details className="snippet">
            <summary>Answer</summary>
            <pre>{responseSnippet}</pre>
          </details>
        )}
      </td>
      <td className="last-error">{lastError ?? none}</td>
      <td>
        {delivery.nextAttemptAt ? (
          <time dateTime={delivery.nextAttemptAt}>{formatDateTime(delivery.nextAttemptAt)}</time>
        ) : (
          none
        )}
      </td>
      <td>
        {canResend(delivery) && (
          <button type="button" onClick={onResend}>
            Send again<span className="visually-hidden"> {what}</span>
          </button>
        )}
      </td>
    </tr>
  );
}
