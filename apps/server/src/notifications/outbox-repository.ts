import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import type { OutboxStatus } from '../db/types.js';

/** How one attempt at a queued mail ended: sent, or failed and retried at `nextAttemptAt` (null: given up). */
export type Outcome =
  { attempts: number; sentAt: string } | { attempts: number; error: string; nextAttemptAt: string | null };

export type DueNotification = Awaited<ReturnType<ReturnType<typeof outboxRepository>['claim']>>[number];

export function outboxRepository(db: Db) {
  const postgres = databaseKind(db) === 'postgres';

  return {
    /**
     * Takes up to `limit` pending mails whose time has come, longest due first, with their messages, for this
     * instance alone: their next attempt moves `leaseMs` past `now`, so no other instance takes them until
     * then, and another does once it passes (this one died before recording an outcome). PostgreSQL
     * skips rows another instance is claiming at the same moment; SQLite's writers take turns anyway.
     */
    async claim(now: Date, leaseMs: number, limit: number) {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('outbox')
          .select('seq')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now.toISOString())
          // The order of outbox_due (status, next_attempt_at) and its rowid: the first few rows of the
          // index, where ordering by seq alone sorted every due row at each claim (1.2 ms each with a
          // backlog of some 10,000 mails, on SQLite's one connection, which the requests wait for).
          .orderBy('next_attempt_at')
          .orderBy('seq')
          .limit(limit)
          .$if(postgres, (query) => query.forUpdate().skipLocked())
          .execute();
        if (due.length === 0) return [];
        const seqs = due.map((row) => row.seq);
        await trx
          .updateTable('outbox')
          .set({ next_attempt_at: new Date(now.getTime() + leaseMs).toISOString() })
          .where('seq', 'in', seqs)
          .execute();
        return trx
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
          .where('outbox.seq', 'in', seqs)
          .orderBy('outbox.seq')
          .execute();
      });
    },

    /**
     * Records the outcome of one delivery, as soon as it is known; returns false when the mail is no
     * longer there, because its message was erased meanwhile.
     */
    async record(seq: number, outcome: Outcome): Promise<boolean> {
      const result = await db
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
