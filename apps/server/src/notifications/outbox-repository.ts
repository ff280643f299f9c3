import type { Db } from '../db/database.js';

export function outboxRepository(db: Db) {
  return {
    /** Pending notifications whose time has come, oldest first, with their messages. */
    due(now: string, limit = 20) {
      return db
        .selectFrom('outbox')
        .innerJoin('messages', 'messages.id', 'outbox.message_id')
        .select([
          'outbox.seq',
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

    async markSent(seq: number, attempts: number, now: string) {
      await db
        .updateTable('outbox')
        .set({ status: 'sent', attempts, sent_at: now, last_error: null })
        .where('seq', '=', seq)
        .execute();
    },

    async markFailedAttempt(seq: number, attempts: number, error: string, nextAttemptAt: string | null) {
      await db
        .updateTable('outbox')
        .set({
          attempts,
          last_error: error.slice(0, 1000),
          ...(nextAttemptAt ? { next_attempt_at: nextAttemptAt } : { status: 'failed' as const }),
        })
        .where('seq', '=', seq)
        .execute();
    },
  };
}
