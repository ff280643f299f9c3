import { useCallback, useEffect, useState } from 'react';
import { type WebhookEndpoint, webhookEndpoints, type WebhookEndpointWithSecret } from '../api/webhooks.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Notice } from '../ui/notice.tsx';
import { useOutcome } from '../ui/use-outcome.ts';
import { usePolling } from '../ui/use-polling.ts';
import type { Navigate } from '../use-location.ts';
import { useSettings } from '../use-settings.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointForm } from './endpoint-form.tsx';
import { EndpointItem } from './endpoint-item.tsx';
import { SecretOnce } from './secret-once.tsx';
import { LOG_POLL_MS } from './use-delivery-log.ts';
import { WebhooksIntro } from './webhooks-intro.tsx';

type Asking = { kind: 'rotate' | 'delete'; endpoint: WebhookEndpoint };

/** Where the company's systems hear of messages and replies, and how each delivery went. */
export function WebhooksPage({ navigate }: { navigate: Navigate }) {
  const settings = useSettings();
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [logFor, setLogFor] = useState<number | null>(null);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const { outcome, attempt, failed } = useOutcome();

  const reload = useCallback(
    (background = false) =>
      webhookEndpoints.list(background).then((list) => {
        setEndpoints(list);
        setLogFor((shown) => (list.some((each) => each.id === shown) ? shown : (list[0]?.id ?? null)));
      }),
    [],
  );
  useEffect(() => {
    reload().catch(failed);
  }, [reload, failed]);
  // The counts follow the deliveries being tried, as the log does.
  usePolling('endpoints', LOG_POLL_MS, () => reload(true), undefined, { atOnce: false });

  const showSecret = (given: WebhookEndpointWithSecret) => {
    setSecret(given);
    setLogFor(given.endpoint.id);
  };
  const run = ({ kind, endpoint }: Asking) =>
    attempt(async () => {
      if (kind === 'rotate') showSecret(await webhookEndpoints.rotate(endpoint.id));
      else await webhookEndpoints.remove(endpoint.id);
      if (editing?.id === endpoint.id) setEditing(null);
      await reload();
      return kind === 'rotate'
        ? `${endpoint.url} has a new signing secret.`
        : `${endpoint.url} is deleted with its deliveries.`;
    });
  const shown = endpoints?.find((each) => each.id === logFor) ?? null;

  return (
    <div className="page webhooks">
      <h1>Webhooks</h1>
      <WebhooksIntro />
      <Notice outcome={outcome} />
      {secret && (
        <SecretOnce
          url={secret.endpoint.url}
          secret={secret.secret}
          previousUntil={secret.endpoint.previousSecretUntil}
          onDone={() => setSecret(null)}
        />
      )}
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints</h2>
        {endpoints === null ? (
          <p aria-live="polite">Loading the endpoints…</p>
        ) : endpoints.length === 0 ? (
          <p className="empty">No endpoint yet: add one below.</p>
        ) : (
          <ul className="endpoints cards">
            {endpoints.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                showingLog={endpoint.id === logFor}
                onShowLog={() => {
                  setLogFor(endpoint.id);
                  requestAnimationFrame(() => document.getElementById('delivery-log-heading')?.focus());
                }}
                onChange={() => setEditing(endpoint)}
                onRotate={() => setAsking({ kind: 'rotate', endpoint })}
                onDelete={() => setAsking({ kind: 'delete', endpoint })}
              />
            ))}
          </ul>
        )}
      </section>
      <EndpointForm
        key={editing ? `change-${editing.id}` : `add-${formKey}`}
        editing={editing}
        siteKeys={settings?.siteKeys ?? []}
        onAdded={(added) => {
          showSecret(added);
          setFormKey((count) => count + 1);
          void reload().catch(failed);
        }}
        onChanged={(url) => {
          setEditing(null);
          void attempt(async () => {
            await reload();
            return `${url} is changed.`;
          });
        }}
        onCancel={() => setEditing(null)}
      />
      {shown && (
        <DeliveryLog
          key={shown.id}
          endpoint={shown}
          navigate={navigate}
          onResent={() => void reload().catch(failed)}
        />
      )}
      {asking && (
        <ConfirmDialog
          title={asking.kind === 'rotate' ? 'Give this endpoint a new secret?' : 'Delete this endpoint?'}
          confirmLabel={asking.kind === 'rotate' ? 'Rotate secret' : 'Delete'}
          danger={asking.kind === 'delete'}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void run(asking);
          }}
        >
          {asking.kind === 'rotate' ? (
            <p>
              <strong className="url">{asking.endpoint.url}</strong> gets a new signing secret, shown once.
              The current secret also signs every delivery for 24 hours more, while the receiver changes over.
            </p>
          ) : (
            <p>
              <strong className="url">{asking.endpoint.url}</strong> will get no more events. Its delivery log
              is deleted and deliveries still pending are not sent. This cannot be undone.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
