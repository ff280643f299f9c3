import type { Db } from '../db/database.js';
import type { OutboxStatus } from '../db/types.js';
import { claimDue, type Outcome, outcomeChanges } from '../queue/leased-queue-repository.js';

export function outboxRepository(db: Db) {
  return {
    /** Leases up to `limit` due mails, with their messages (and an answer's inbound mail). */
    claim(now: Date, leaseMs: number, limit: number) {
      return claimDue(db, 'outbox', { now, leaseMs, limit }, (trx, seqs) =>
        trx
          .selectFrom('outbox')
          .innerJoin('messages', 'messages.id', 'outbox.message_id')
          .leftJoin('inbound_mails', 'inbound_mails.seq', 'outbox.inbound_seq')
          .select([
            'outbox.seq',
            'outbox.kind',
            'outbox.attempts',
            'outbox.inbound_seq',
            'inbound_mails.from_name as answer_from_name',
            'inbound_mails.from_address as answer_from_address',
            'inbound_mails.body as answer_body',
            'inbound_mails.spam_verdict as answer_spam_verdict',
            'inbound_mails.dmarc as answer_dmarc',
            'messages.id',
            'messages.name',
            'messages.email',
            'messages.subject',
            'messages.message',
            'messages.marketing_consent',
            'messages.site_key',
            'messages.received_at',
            'messages.language',
            'messages.spam_verdict',
            'messages.spam_mark',
            'messages.spam_score',
            'messages.dmarc',
          ])
          .where('outbox.seq', 'in', seqs)
          .orderBy('outbox.seq')
          .execute(),
      );
    },

    /**
     * Records the outcome of one delivery, as soon as it is known; returns false when the mail is no
     * longer there, because its message was erased meanwhile.
     */
    async record(seq: number, outcome: Outcome): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set(outcomeChanges(outcome))
        .where('seq', '=', seq)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** How many mails (notifications and confirmations) are in each state. */
    async countByStatus(): Promise<Record<OutboxStatus, number>> {
      const rows = await db
        .selectFrom('outbox')
        // PostgreSQL returns count(*) as a bigint string.
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('status')
        .execute();
      const counts = { pending: 0, failed: 0, sent: 0 };
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    },

    /** The mails about one message, oldest first, with where each stands. */
    ofMessage(messageId: string) {
      return db
        .selectFrom('outbox')
        .select(['kind', 'status', 'attempts', 'last_error', 'next_attempt_at', 'sent_at'])
        .where('message_id', '=', messageId)
        .orderBy('seq')
        .execute();
    },

    /** Mails that were given up on, oldest first, with their last error. */
    failed() {
      return db
        .selectFrom('outbox')
        .select(['message_id', 'kind', 'attempts', 'last_error'])
        .where('status', '=', 'failed')
        .orderBy('seq')
        .execute();
    },

    /** Queues failed mails again (all, or those of `messageId`); returns how many. */
    async retryFailed(messageId?: string, now = new Date().toISOString()): Promise<number> {
      let query = db
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now })
        .where('status', '=', 'failed');
      if (messageId) query = query.where('message_id', '=', messageId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
