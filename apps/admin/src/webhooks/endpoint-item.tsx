import type { WebhookEndpoint } from '../api/webhooks.ts';
import { formatDateTime } from '../ui/dates.ts';
import { siteLabel } from '../ui/site-label.ts';
import { webhookEventLabels } from '../ui/webhook-labels.tsx';

type Props = {
  endpoint: WebhookEndpoint;
  /** Whether its deliveries are the ones the log shows. */
  showingLog: boolean;
  onShowLog: () => void;
  onChange: () => void;
  onRotate: () => void;
  onDelete: () => void;
};

/** One endpoint: where, what for, how its deliveries stand, and what an operator can do with it. */
export function EndpointItem({ endpoint, showingLog, onShowLog, onChange, onRotate, onDelete }: Props) {
  const { url, description, events, siteKeys, deliveries, previousSecretUntil, fromSettings } = endpoint;
  const named = <span className="visually-hidden"> {url}</span>;
  return (
    <li className={`card endpoint${showingLog ? ' current' : ''}`}>
      <h3>
        <span className="url">{url}</span>
        {fromSettings && <span className="badge">From the settings</span>}
      </h3>
      {description && <p className="endpoint-description">{description}</p>}
      <dl className="endpoint-facts">
        <dt>Events</dt>
        <dd>{events.map((type) => webhookEventLabels[type]).join(', ')}</dd>
        <dt>Sites</dt>
        <dd>{siteKeys.length === 0 ? 'All sites' : siteKeys.map(siteLabel).join(', ')}</dd>
        <dt>Deliveries</dt>
        <dd className="counts">
          <span>{deliveries.sent} sent</span>
          <span className={deliveries.failed > 0 ? 'failed' : undefined}>{deliveries.failed} failed</span>
          <span>{deliveries.pending} pending</span>
        </dd>
        {previousSecretUntil && (
          <>
            <dt>Secret</dt>
            <dd>Previous secret valid until {formatDateTime(previousSecretUntil)}</dd>
          </>
        )}
      </dl>
      {fromSettings && (
        <p className="hint">
          Set by WEBHOOK_URL and WEBHOOK_SECRET in the server’s settings: it is changed there, not here.
        </p>
      )}
      <div className="actions">
        <button type="button" aria-pressed={showingLog} onClick={onShowLog}>
          Deliveries{named}
        </button>
        {!fromSettings && (
          <>
            <button type="button" onClick={onChange}>
              Change{named}
            </button>
            <button type="button" onClick={onRotate}>
              Rotate secret{named}
            </button>
            <button type="button" className="danger" onClick={onDelete}>
              Delete{named}
            </button>
          </>
        )}
      </div>
    </li>
  );
}
