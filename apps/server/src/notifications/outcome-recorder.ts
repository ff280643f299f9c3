import type { FastifyBaseLogger } from 'fastify';

/**
 * Records each delivery's outcome at once: were the process killed, only what is in flight could be sent
 * again. An outcome the database is not there to take waits in memory and is written by `flush`, which a
 * worker calls before it claims anything new, well within the lease. `what` names the queue in the log.
 */
export function outcomeRecorder<T>(write: (item: T) => Promise<void>, what: string, log: FastifyBaseLogger) {
  const unrecorded: T[] = [];
  return {
    async record(item: T, logged: Record<string, unknown>) {
      try {
        await write(item);
      } catch (error) {
        log.warn({ ...logged, reason: (error as Error).message }, `${what} outcome not recorded yet`);
        unrecorded.push(item);
      }
    },
    async flush() {
      for (; unrecorded.length > 0; unrecorded.shift()) await write(unrecorded[0]!);
    },
  };
}
