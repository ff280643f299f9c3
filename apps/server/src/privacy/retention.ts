import type { FastifyBaseLogger } from 'fastify';
import type { DataSubjects } from './data-subject.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes messages older than `days`, now and then once a day. */
export function startRetention(subjects: DataSubjects, days: number, log: FastifyBaseLogger) {
  const apply = async () => {
    const before = new Date(Date.now() - days * DAY_MS).toISOString();
    const purged = await subjects.purgeReceivedBefore(before);
    if (purged.messages > 0 || purged.notificationFiles > 0)
      log.info(
        { deleted: purged.messages, notificationFiles: purged.notificationFiles, before },
        'retention: old messages deleted',
      );
    if (!purged.logCleared)
      log.warn('retention: the write-ahead log was busy; old pages stay in it until the next run');
  };

  let running: Promise<void> | undefined;
  const run = () => {
    running ??= apply()
      .catch((error: unknown) => log.error({ err: error }, 'retention purge failed'))
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
