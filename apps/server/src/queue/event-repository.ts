import type { WebhookEventType } from '@site/api-contract';
import type { Db } from '../db/database.js';
import type { OutboxKind } from '../db/types.js';
import { readEndpointLists } from './endpoint-lists.js';
import { pendingRow } from './leased-queue-repository.js';

/** A mail about a message to queue: its notification or confirmation, or an answer's notice. */
export type QueuedMail = { messageId: string; kind: OutboxKind; inboundSeq?: number; at: string };

/** A webhook delivery to queue. */
export type QueuedDelivery = {
  webhookId: string;
  endpointId: number;
  event: WebhookEventType;
  messageId: string;
  replySeq?: number;
  at: string;
};

/** The rows an event queues, in the caller's transaction (events.ts decides which). */
export function eventRepository(trx: Db) {
  return {
    /** Every webhook endpoint's id and what it listens to. */
    async listeningEndpoints() {
      const rows = await trx.selectFrom('webhook_endpoints').select(['id', 'events', 'site_keys']).execute();
      return rows.map((row) => ({ id: row.id, ...readEndpointLists(row) }));
    },

    async queueMails(mails: readonly QueuedMail[]) {
      if (mails.length === 0) return;
      await trx
        .insertInto('outbox')
        .values(
          mails.map((mail) => ({
            message_id: mail.messageId,
            kind: mail.kind,
            inbound_seq: mail.inboundSeq ?? null,
            ...pendingRow(mail.at),
          })),
        )
        .execute();
    },

    async queueDeliveries(deliveries: readonly QueuedDelivery[]) {
      if (deliveries.length === 0) return;
      await trx
        .insertInto('webhook_deliveries')
        .values(
          deliveries.map((delivery) => ({
            webhook_id: delivery.webhookId,
            endpoint_id: delivery.endpointId,
            event: delivery.event,
            message_id: delivery.messageId,
            reply_seq: delivery.replySeq ?? null,
            queued_at: delivery.at,
            ...pendingRow(delivery.at),
          })),
        )
        .execute();
    },
  };
}
