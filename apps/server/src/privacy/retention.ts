import type { FastifyBaseLogger } from 'fastify';
import type { DataSubjects } from './data-subject.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes messages older than `days`, now and then once a day. */
export function startRetention(subjects: DataSubjects, days: number, log: FastifyBaseLogger) {
  const purge = async () => {
    const before = new Date(Date.now() - days * DAY_MS).toISOString();
    const deleted = await subjects.purgeReceivedBefore(before).catch((error: unknown) => {
      log.error({ err: error }, 'retention purge failed');
      return 0;
    });
    if (deleted > 0) log.info({ deleted, before }, 'retention: old messages deleted');
  };
  void purge();
  const timer = setInterval(() => void purge(), DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
