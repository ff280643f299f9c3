import type { Db } from '../db/database.js';
import type { MailSource } from '../queue/mail-source.js';
import { analyticsFigures } from './analytics-figures.js';
import { type WeeklyMailSettings, weeklyMail } from './weekly-mail.js';
import { weeklyMailRepository } from './weekly-mail-repository.js';
import { latestWeek } from './weekly-schedule.js';

export type WeeklyMailsSettings = WeeklyMailSettings & {
  /** ANALYTICS_WEEKLY_MAIL_DAY, Monday 1 ... Sunday 7, and ANALYTICS_WEEKLY_MAIL_HOUR, in `timeZone`. */
  weekday: number;
  hour: number;
  /** BUSINESS_TIME_ZONE. */
  timeZone: string;
  /** OUTBOX_POLL_MS: with no mail pending, how long until the table is read again (a retry). */
  pollMs: number;
};

/**
 * The weekly analytics mail, a queue of the mail worker, as the spam digest is (decision 040): once its
 * moment has come, each instance queues the week's mail, which the database keeps once whoever comes
 * first; the worker sends it with the outbox's lease and retries. The figures are read as it is sent.
 */
export function weeklyMails(db: Db, settings: WeeklyMailsSettings): MailSource {
  const mails = weeklyMailRepository(db);
  const figures = analyticsFigures(db);
  let queuedWeek: string | undefined;
  // The worker asks after every stored message: the table is read only when a mail may be due, or once
  // a poll while none is pending (one given up on may be queued again, from the command line).
  let dueAt = 0;

  return {
    async claim(now, leaseMs, limit) {
      const week = latestWeek(now, settings.weekday, settings.hour, settings.timeZone);
      if (week.week !== queuedWeek) {
        await mails.queue(week, now.toISOString());
        queuedWeek = week.week;
        dueAt = 0;
      }
      if (now.getTime() < dueAt) return [];
      const due = await mails.claim(now, leaseMs, limit);
      if (due.length === 0) {
        const next = await mails.nextAttemptAt();
        dueAt = next === undefined ? now.getTime() + settings.pollMs : Date.parse(next);
        return [];
      }
      return due.map((row) => ({
        attempts: row.attempts,
        log: { kind: 'analytics-weekly', week: row.week },
        async mail() {
          const report = await figures.report({ from: row.period_start, to: row.period_end });
          return weeklyMail(row.week, report, settings);
        },
        async record(outcome) {
          await mails.record(row.seq, outcome);
          dueAt = 0;
        },
      }));
    },
  };
}
