import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/** Writes of one outcome the database refuses (rather than is away for) before it is given up. */
const TRIES = 3;

/**
 * Records each delivery's outcome at once: were the process killed, only what is in flight could be sent
 * again. An outcome the database is not there to take waits in memory and is written by `flush`, which a
 * worker calls before it claims anything new, well within the lease; while the database is away, `flush`
 * throws, so nothing new is claimed. An outcome the database refuses (a bad value) holds up no queue: it
 * is tried TRIES times in all, then logged and dropped, and its row is claimed again once its lease runs
 * out. `what` names the queue in the log.
 */
export function outcomeRecorder<T>(write: (item: T) => Promise<void>, what: string, log: FastifyBaseLogger) {
  const unrecorded: { item: T; logged: Record<string, unknown>; refused: number }[] = [];

  /** Whether the outcome is done with: written, or refused once too often. Throws while the database is away. */
  const tryWrite = async (entry: (typeof unrecorded)[number]) => {
    try {
      await write(entry.item);
      return true;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      if (++entry.refused < TRIES) return false;
      log.error(
        { ...entry.logged, reason: (error as Error).message },
        `${what} outcome not recorded: its lease runs out and it is tried again then`,
      );
      return true;
    }
  };

  return {
    async record(item: T, logged: Record<string, unknown>) {
      try {
        await write(item);
      } catch (error) {
        log.warn({ ...logged, reason: (error as Error).message }, `${what} outcome not recorded yet`);
        unrecorded.push({ item, logged, refused: isDatabaseUnavailable(error) ? 0 : 1 });
      }
    },
    async flush() {
      // Only appended to meanwhile (outcomes of deliveries in flight), so an entry keeps its place.
      for (let index = 0; index < unrecorded.length;)
        if (await tryWrite(unrecorded[index]!)) unrecorded.splice(index, 1);
        else index++;
    },
  };
}
