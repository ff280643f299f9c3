import { useState } from 'react';
import { webhookDeliveries, type WebhookDeliveryStatus, type WebhookEndpoint } from '../api/webhooks.ts';
import { Notice } from '../ui/notice.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import type { Navigate } from '../use-location.ts';
import { canResend, DeliveryRow } from './delivery-row.tsx';
import { useDeliveryLog } from './use-delivery-log.ts';

const statusChoices: { value: WebhookDeliveryStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
  { value: 'sent', label: 'Sent' },
];

type Props = {
  endpoint: WebhookEndpoint;
  navigate: Navigate;
  /** After deliveries were queued again, so the endpoint's counts follow. */
  onResent: () => void;
};

/** One endpoint's deliveries, newest first: filtered by state, selected and sent again, page by page. */
export function DeliveryLog({ endpoint, navigate, onResent }: Props) {
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { outcome, attempt, failed } = useOutcome();
  const { log, refresh, older } = useDeliveryLog(
    { endpoint: endpoint.id, status: status || undefined },
    failed,
  );
  const rows = log?.rows ?? [];
  const choosable = rows.filter(canResend);
  const chosen = choosable.filter((row) => selected.has(row.seq));
  const allChosen = choosable.length > 0 && chosen.length === choosable.length;

  const select = (seqs: number[], on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      for (const seq of seqs)
        if (on) next.add(seq);
        else next.delete(seq);
      return next;
    });
  const resend = (seqs: number[]) =>
    attempt(async () => {
      const queued = await webhookDeliveries.resend(seqs);
      select(seqs, false);
      await refresh();
      onResent();
      return queued === 1 ? '1 delivery is queued again.' : `${queued} deliveries are queued again.`;
    });

  return (
    <section className="delivery-log" aria-labelledby="delivery-log-heading">
      <h2 id="delivery-log-heading" tabIndex={-1}>
        Deliveries to <span className="url">{endpoint.url}</span>
      </h2>
      <div className="log-tools">
        <div className="log-filter">
          <label htmlFor="delivery-status">Status</label>
          <select
            id="delivery-status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as WebhookDeliveryStatus | '');
              setSelected(new Set());
            }}
          >
            {statusChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <button type="button" disabled={chosen.length === 0} onClick={() => resend(chosen.map((r) => r.seq))}>
          Send again ({chosen.length} selected)
        </button>
      </div>
      <Notice outcome={outcome} />
      {log === null ? (
        <p aria-live="polite">Loading the deliveries…</p>
      ) : rows.length === 0 ? (
        <p className="empty">{status ? `No ${status} delivery.` : 'No delivery yet.'}</p>
      ) : (
        <TableScroll label="Deliveries">
          <table className="deliveries">
            <caption className="visually-hidden">Deliveries to {endpoint.url}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select every delivery shown that can be sent again"
                    checked={allChosen}
                    disabled={choosable.length === 0}
                    onChange={(event) =>
                      select(
                        choosable.map((row) => row.seq),
                        event.target.checked,
                      )
                    }
                  />
                </th>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Message</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Response</th>
                <th scope="col">Last error</th>
                <th scope="col">Next attempt</th>
                <th scope="col">
                  <span className="visually-hidden">Send again</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => (
                <DeliveryRow
                  key={delivery.seq}
                  delivery={delivery}
                  selected={selected.has(delivery.seq)}
                  onSelect={(on) => select([delivery.seq], on)}
                  onResend={() => resend([delivery.seq])}
                  navigate={navigate}
                />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {log?.nextBefore != null && (
        <button type="button" className="more" onClick={() => older().catch(failed)}>
          Show older deliveries
        </button>
      )}
    </section>
  );
}
