import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsRetention } from '../analytics/analytics-retention.js';
import { DAY_MS } from '../time.js';
import type { DataSubjects } from './data-subject-repository.js';

/** Days to keep: whole messages (unset: for ever), spam, and the IP address and user agent of each. */
type RetentionDays = { messages?: number; spam: number; networkDetails: number };

/**
 * Deletes messages older than `days.messages`, spam older than `days.spam`, and blanks the IP address and user agent of messages
 * older than `days.networkDetails`; forgets the addresses acknowledged a day ago; rolls the analytics of the days over up and deletes their old rows:
 * now, then once a day.
 */
export function startRetention(
  subjects: DataSubjects,
  days: RetentionDays,
  log: FastifyBaseLogger,
  analytics?: AnalyticsRetention,
) {
  const daysAgo = (count: number) => new Date(Date.now() - count * DAY_MS).toISOString();
  const warnIfLogBusy = (logCleared: boolean) => {
    if (!logCleared)
      log.warn('retention: the write-ahead log was busy; old pages stay in it until the next run');
  };

  const apply = async () => {
    if (days.messages) {
      const before = daysAgo(days.messages);
      const purged = await subjects.purgeReceivedBefore(before);
      if (purged.messages > 0 || purged.notificationFiles > 0)
        log.info(
          { deleted: purged.messages, notificationFiles: purged.notificationFiles, before },
          'retention: old messages deleted',
        );
      warnIfLogBusy(purged.logCleared);
    }
    const spamBefore = daysAgo(days.spam);
    const spam = await subjects.purgeReceivedBefore(spamBefore, 'spam');
    if (spam.messages > 0)
      log.info({ deleted: spam.messages, before: spamBefore }, 'retention: old spam deleted');
    warnIfLogBusy(spam.logCleared);
    const before = daysAgo(days.networkDetails);
    const blanked = await subjects.blankNetworkDetailsBefore(before);
    if (blanked.messages > 0)
      log.info({ messages: blanked.messages, before }, 'retention: IP addresses and user agents blanked');
    warnIfLogBusy(blanked.logCleared);
    // The acknowledgement's once-a-day rule needs an address's row for a day, no longer.
    const forgotten = await subjects.forgetAcknowledgementsBefore(daysAgo(1));
    if (forgotten > 0) log.info({ addresses: forgotten }, 'retention: acknowledged addresses forgotten');
    if (analytics) {
      const done = await analytics(new Date());
      if (done.rolledUp + done.rawDeleted + done.dailyDeleted + done.monthsSummed > 0)
        log.info(done, 'retention: analytics rolled up and old rows deleted');
    }
  };

  let running: Promise<void> | undefined;
  const run = () => {
    running ??= apply()
      .catch((error: unknown) => log.error({ err: error }, 'retention run failed'))
      .finally(() => (running = undefined));
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return {
    /** Stops the daily runs and waits for one under way, so the database can close after it. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
