import { databaseRows, type Row } from '@site/testing/database-rows';
import type { Storage } from './storage.ts';

/**
 * The rows a query returns, read straight from the storage the servers share, as a second process
 * reads it: a connection of its own to PostgreSQL, or SQLite's file in DATA_DIR opened read-only. Far
 * cheaper than starting an operator command, so a test can look as often as it waits.
 */
export const faultRows = (storage: Storage, query: string, ...params: unknown[]): Promise<Row[]> =>
  databaseRows({ databaseUrl: storage.env.DATABASE_URL, dataDir: storage.env.DATA_DIR! }, query, params, {
    readonly: true,
  });

/** Polls `read` every 50 ms until `done` holds of what it read, or `timeoutMs` ran out; the last read. */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
