import { expect } from 'vitest';
import type { QueueTable } from '../notifications/leased-queue.js';
import { readRows } from './stored-rows.js';
import type { TestStorage } from './test-storage.js';

/**
 * Waits (up to 5 s) until no row of `tables` is pending: everything those queues held was delivered or
 * given up. A mail or webhook that should not go out would be such a row, so a test that waits for this
 * has seen it go out, or not, without a fixed pause.
 */
export async function queuesSettled(storage: TestStorage, ...tables: QueueTable[]) {
  const pending = async () => {
    let count = 0;
    for (const table of tables)
      count += Number((await readRows(storage, `select count(*) as n from ${table} where status = 'pending'`))[0]!.n);
    return count;
  };
  await expect.poll(pending, { timeout: 5000, interval: 20 }).toBe(0);
}
