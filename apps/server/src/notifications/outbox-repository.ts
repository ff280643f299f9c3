import type { Db } from '../db/database.js';
import type { OutboxStatus } from '../db/types.js';

export type Outcome =
  | { seq: number; attempts: number; sentAt: string }
  | { seq: number; attempts: number; error: string; nextAttemptAt: string | null };

export type DueNotification = Awaited<ReturnType<ReturnType<typeof outboxRepository>['due']>>[number];

export function outboxRepository(db: Db) {
  return {
    /** Pending mails whose time has come, oldest first, with their messages. */
    due(now: string, limit = 50) {
      return db
        .selectFrom('outbox')
        .innerJoin('messages', 'messages.id', 'outbox.message_id')
        .select([
          'outbox.seq',
          'outbox.kind',
          'outbox.attempts',
          'messages.id',
          'messages.name',
          'messages.email',
          'messages.subject',
          'messages.message',
          'messages.marketing_consent',
          'messages.site_key',
          'messages.received_at',
        ])
        .where('outbox.status', '=', 'pending')
        .where('outbox.next_attempt_at', '<=', now)
        .orderBy('outbox.seq')
        .limit(limit)
        .execute();
    },

    /**
     * Records the outcome of a run's deliveries in one transaction; returns the seqs of notifications
     * no longer there, because their message was erased meanwhile.
     */
    async record(outcomes: readonly Outcome[]): Promise<number[]> {
      if (outcomes.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const gone: number[] = [];
        for (const outcome of outcomes) {
          const result = await trx
            .updateTable('outbox')
            .set(
              'error' in outcome
                ? {
                    attempts: outcome.attempts,
                    last_error: outcome.error.slice(0, 1000),
                    ...(outcome.nextAttemptAt
                      ? { next_attempt_at: outcome.nextAttemptAt }
                      : { status: 'failed' as const }),
                  }
                : { status: 'sent', attempts: outcome.attempts, sent_at: outcome.sentAt, last_error: null },
            )
            .where('seq', '=', outcome.seq)
            .executeTakeFirst();
          if (result.numUpdatedRows === 0n) gone.push(outcome.seq);
        }
        return gone;
      });
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
