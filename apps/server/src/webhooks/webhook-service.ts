import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointBody } from '@site/api-contract';
import type { Actor, AuditLog } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { type DeliveryFilter, deliveryRepository, noDeliveries } from './delivery-repository.js';
import { type EndpointFields, type EndpointRow, endpointRepository } from './endpoint-repository.js';
import { type AddressPolicy, webhookUrlProblem } from './webhook-address.js';
import { newWebhookSecret } from './webhook-signature.js';

/** How long the secret before a rotation still signs deliveries. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60 * 1000;

type Settings = {
  policy: AddressPolicy;
  /** Tells the webhook worker that deliveries were queued again. */
  wake: () => void;
};

/** How an audit entry names an endpoint. */
const endpointTarget = (id: number) => `webhook:${id}`;

const endpointView = (row: EndpointRow, deliveries = { ...noDeliveries }): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  siteKeys: row.siteKeys,
  fromSettings: row.fromSettings,
  createdAt: row.created_at,
  previousSecretUntil:
    row.previous_secret_until && Date.parse(row.previous_secret_until) > Date.now()
      ? row.previous_secret_until
      : null,
  deliveries,
});

type Changed =
  { kind: 'done' } | { kind: 'refused'; problem: string } | { kind: 'missing' } | { kind: 'from-settings' };

/**
 * Webhook endpoints and their delivery log, for the inbox and the command line alike: each change and
 * each delivery sent again is audited. An endpoint's URL is checked as it is saved (webhookUrlProblem);
 * the settings' endpoint is listed but changed only in the settings.
 */
export function webhookService(db: Db, audit: AuditLog, { policy, wake }: Settings) {
  const endpoints = endpointRepository(db);
  const deliveries = deliveryRepository(db);
  const record = (actor: Actor, action: string, target: string) => audit.record({ ...actor, action, target });
  const fieldsOf = (body: WebhookEndpointBody): EndpointFields => ({
    url: body.url.trim(),
    description: body.description?.trim() ?? '',
    events: [...new Set(body.events)],
    siteKeys: [...new Set(body.siteKeys)],
  });
  /** Whether the endpoint may be changed in the inbox: 'missing', 'from-settings', or its row. */
  const changeable = async (id: number) => {
    const row = await endpoints.byId(id);
    if (!row) return { kind: 'missing' } as const;
    if (row.fromSettings) return { kind: 'from-settings' } as const;
    return row;
  };

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const counts = await deliveries.countsByEndpoint();
      return (await endpoints.list()).map((row) => endpointView(row, counts.get(row.id)));
    },

    /** A new endpoint with a new secret, shown this once; or why its URL is refused. */
    async add(body: WebhookEndpointBody, actor: Actor) {
      const fields = fieldsOf(body);
      const problem = await webhookUrlProblem(fields.url, policy);
      if (problem) return { kind: 'refused', problem } as const;
      const secret = newWebhookSecret();
      const id = await endpoints.insert(fields, secret, new Date().toISOString());
      await record(actor, 'add-webhook-endpoint', endpointTarget(id));
      return { kind: 'added', endpoint: endpointView((await endpoints.byId(id))!), secret } as const;
    },

    async change(id: number, body: WebhookEndpointBody, actor: Actor): Promise<Changed> {
      const found = await changeable(id);
      if ('kind' in found) return found;
      const fields = fieldsOf(body);
      const problem = await webhookUrlProblem(fields.url, policy);
      if (problem) return { kind: 'refused', problem };
      if (!(await endpoints.update(id, fields))) return { kind: 'missing' };
      await record(actor, 'change-webhook-endpoint', endpointTarget(id));
      return { kind: 'done' };
    },

    /** Deletes the endpoint with its log; its pending deliveries are not sent. */
    async remove(id: number, actor: Actor): Promise<Changed> {
      const found = await changeable(id);
      if ('kind' in found) return found;
      if (!(await endpoints.remove(id))) return { kind: 'missing' };
      await record(actor, 'remove-webhook-endpoint', endpointTarget(id));
      return { kind: 'done' };
    },

    /** A new secret, shown this once; the old one signs beside it for PREVIOUS_SECRET_MS. */
    async rotate(id: number, actor: Actor) {
      const found = await changeable(id);
      if ('kind' in found) return found;
      const secret = newWebhookSecret();
      const until = new Date(Date.now() + PREVIOUS_SECRET_MS).toISOString();
      if (!(await endpoints.rotate(id, secret, until))) return { kind: 'missing' } as const;
      await record(actor, 'rotate-webhook-secret', endpointTarget(id));
      return { kind: 'rotated', endpoint: endpointView((await endpoints.byId(id))!), secret } as const;
    },

    /** The delivery log, newest first. */
    async deliveries(filter: DeliveryFilter): Promise<WebhookDelivery[]> {
      return (await deliveries.log(filter)).map((row) => ({
        seq: row.seq,
        webhookId: row.webhook_id,
        endpointId: row.endpoint_id,
        endpointUrl: row.url,
        event: row.event,
        messageId: row.message_id,
        status: row.status,
        attempts: row.attempts,
        createdAt: row.created_at,
        lastAttemptAt: row.last_attempt_at,
        nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
        responseStatus: row.response_status,
        responseSnippet: row.response_snippet,
        lastError: row.last_error,
      }));
    },

    /** Queues these deliveries again (those not pending already), each audited with its message; how many. */
    async resend(seqs: readonly number[], actor: Actor): Promise<number> {
      const messageIds = await deliveries.resend(seqs, new Date().toISOString());
      for (const messageId of messageIds) await record(actor, 'resend-webhook', messageId);
      if (messageIds.length > 0) wake();
      return messageIds.length;
    },
  };
}

export type WebhookService = ReturnType<typeof webhookService>;
