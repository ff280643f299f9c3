import { faultRows, readUntil } from './fault-database.ts';
import type { Storage } from './storage.ts';

/** The ids of every stored message. */
export async function storedMessageIds(storage: Storage): Promise<string[]> {
  return (await faultRows(storage, 'select id from messages')).map((row) => String(row.id));
}

/** Every stored message, honeypot catches and spam included. */
export async function countStoredMessages(storage: Storage): Promise<number> {
  return (await storedMessageIds(storage)).length;
}

export type OutboxState = { pending: number; failed: number; sent: number; failures: string[] };

/** The outbox: mails by state, and each failed one with its last error. */
export async function outboxState(storage: Storage): Promise<OutboxState> {
  const state: OutboxState = { pending: 0, failed: 0, sent: 0, failures: [] };
  for (const row of await faultRows(storage, 'select status, count(*) as count from outbox group by status'))
    state[row.status as 'pending' | 'failed' | 'sent'] = Number(row.count);
  const failed = await faultRows(
    storage,
    "select message_id, kind, attempts, last_error from outbox where status = 'failed' order by seq",
  );
  state.failures = failed.map(
    (row) =>
      `${String(row.kind)} ${String(row.message_id)} after ${Number(row.attempts)}: ${String(row.last_error)}`,
  );
  return state;
}

/** The outbox once nothing is pending any more, or as it is when `timeoutMs` ran out. */
export const settledOutbox = (storage: Storage, timeoutMs: number): Promise<OutboxState> =>
  readUntil(
    () => outboxState(storage),
    (state) => state.pending === 0,
    timeoutMs,
  );
