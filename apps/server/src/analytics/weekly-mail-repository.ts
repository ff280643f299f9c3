import type { Db } from '../db/database.js';
import { claimDue, type Outcome, outcomeChanges, pendingRow } from '../queue/leased-queue-repository.js';
import type { WeeklyMailWeek } from './weekly-schedule.js';

/** The weekly analytics mails: one row a week, claimed and leased like the outbox (decision 007). */
export function weeklyMailRepository(db: Db) {
  return {
    /** Queues the mail of `week.week`, unless an instance did already: the week is the row's unique key. */
    async queue(week: WeeklyMailWeek, now: string): Promise<void> {
      await db
        .insertInto('analytics_weekly_mails')
        .values({
          week: week.week,
          period_start: week.from,
          period_end: week.to,
          ...pendingRow(now),
          sent_at: null,
        })
        .onConflict((conflict) => conflict.column('week').doNothing())
        .execute();
    },

    /** When the next pending mail is due (or, leased by an instance, free again); undefined: none. */
    async nextAttemptAt(): Promise<string | undefined> {
      const row = await db
        .selectFrom('analytics_weekly_mails')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    async claim(now: Date, leaseMs: number, limit: number) {
      return claimDue(db, 'analytics_weekly_mails', { now, leaseMs, limit }, (trx, seqs) =>
        trx
          .selectFrom('analytics_weekly_mails')
          .select(['seq', 'week', 'period_start', 'period_end', 'attempts'])
          .where('seq', 'in', seqs)
          .orderBy('seq')
          .execute(),
      );
    },

    /** Queues every weekly mail that was given up on again; returns how many. */
    async retryFailed(now = new Date().toISOString()): Promise<number> {
      const result = await db
        .updateTable('analytics_weekly_mails')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now })
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async record(seq: number, outcome: Outcome): Promise<void> {
      await db
        .updateTable('analytics_weekly_mails')
        .set(outcomeChanges(outcome))
        .where('seq', '=', seq)
        .execute();
    },
  };
}
