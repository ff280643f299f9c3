import { visitSourceColumns } from '../analytics/visit-source.js';
import { WEBHOOK_SNIPPET_MAX, type WebhookDeliveryStatus } from '@site/api-contract';
import type { Db } from '../db/database.js';
import { claimDue, type Outcome, outcomeChanges } from '../queue/leased-queue-repository.js';
import { storableText } from '../queue/storable-text.js';
import type { ReceiverAnswer } from './webhook-post.js';

/** How one attempt ended, with what the receiver answered (null: no answer came). */
export type DeliveryOutcome = Outcome & { at: string; answer: ReceiverAnswer | null };

/** A delivery the worker has claimed, with its endpoint's secrets, its message and (message.replied) its reply. */
export type ClaimedDelivery = Awaited<ReturnType<ReturnType<typeof deliveryRepository>['claim']>>[number];

/** An endpoint's deliveries by state, before any. */
export const noDeliveries: Readonly<Record<WebhookDeliveryStatus, number>> = {
  pending: 0,
  sent: 0,
  failed: 0,
};

/** Which log entries: of one endpoint, of one message, in one state; before a seq, for paging. */
export type DeliveryFilter = {
  endpointId?: number;
  messageId?: string;
  status?: WebhookDeliveryStatus;
  before?: number;
  limit: number;
};

/** The webhook deliveries: the queue the worker leases from, and the log the inbox and the CLI read. */
export function deliveryRepository(db: Db) {
  return {
    /** Leases up to `limit` due deliveries, each with what it needs to be sent. */
    claim(now: Date, leaseMs: number, limit: number) {
      return claimDue(db, 'webhook_deliveries', { now, leaseMs, limit }, (trx, seqs) =>
        trx
          .selectFrom('webhook_deliveries as d')
          .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
          .innerJoin('messages as m', 'm.id', 'd.message_id')
          .leftJoin('replies as r', 'r.seq', 'd.reply_seq')
          .select([
            'd.seq',
            'd.webhook_id',
            'd.event',
            'd.attempts',
            'd.queued_at',
            'e.id as endpoint_id',
            'e.url',
            'e.secret',
            'e.previous_secret',
            'e.previous_secret_until',
            'm.id as message_id',
            'm.name',
            'm.email',
            'm.subject',
            'm.message',
            'm.marketing_consent',
            'm.site_key',
            'm.language',
            'm.source',
            'm.received_at',
            'm.restricted',
            'm.spam_verdict',
            'm.spam_mark',
            ...visitSourceColumns.map((column) => `m.${column}` as const),
            'r.seq as reply_seq',
            'r.body as reply_body',
            'r.from_name as reply_from_name',
            'r.sent_at as reply_sent_at',
          ])
          .where('d.seq', 'in', seqs)
          .orderBy('d.seq')
          .execute(),
      );
    },

    /** Records one attempt's outcome as soon as it is known. */
    async record(seq: number, outcome: DeliveryOutcome): Promise<void> {
      await db
        .updateTable('webhook_deliveries')
        .set({
          ...outcomeChanges(outcome),
          last_attempt_at: outcome.at,
          response_status: outcome.answer?.status ?? null,
          response_snippet: outcome.answer ? storableText(outcome.answer.snippet, WEBHOOK_SNIPPET_MAX) : null,
        })
        .where('seq', '=', seq)
        .execute();
    },

    /** The log, newest first, with each delivery's endpoint address. */
    log({ endpointId, messageId, status, before, limit }: DeliveryFilter) {
      return db
        .selectFrom('webhook_deliveries as d')
        .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
        .select([
          'd.seq',
          'd.webhook_id',
          'd.endpoint_id',
          'e.url',
          'd.event',
          'd.message_id',
          'd.status',
          'd.attempts',
          'd.created_at',
          'd.last_attempt_at',
          'd.next_attempt_at',
          'd.response_status',
          'd.response_snippet',
          'd.last_error',
        ])
        .$if(endpointId !== undefined, (query) => query.where('d.endpoint_id', '=', endpointId!))
        .$if(messageId !== undefined, (query) => query.where('d.message_id', '=', messageId!))
        .$if(status !== undefined, (query) => query.where('d.status', '=', status!))
        .$if(before !== undefined, (query) => query.where('d.seq', '<', before!))
        .orderBy('d.seq', 'desc')
        .limit(limit)
        .execute();
    },

    /** How many deliveries of each endpoint are in each state. */
    async countsByEndpoint() {
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['endpoint_id', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy(['endpoint_id', 'status'])
        .execute();
      const counts = new Map<number, Record<WebhookDeliveryStatus, number>>();
      for (const row of rows) {
        const of = counts.get(row.endpoint_id) ?? { ...noDeliveries };
        of[row.status] = Number(row.count);
        counts.set(row.endpoint_id, of);
      }
      return counts;
    },

    /**
     * Queues these deliveries again, due now and retried as long as new ones (a pending one keeps its
     * turn); the message ids of those queued, for the audit.
     */
    async resend(seqs: readonly number[], now: string): Promise<string[]> {
      const rows = await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, queued_at: now })
        .where('seq', 'in', seqs)
        .where('status', '!=', 'pending')
        .returning('message_id')
        .execute();
      return rows.map((row) => row.message_id);
    },
  };
}

export type DeliveryRepository = ReturnType<typeof deliveryRepository>;
