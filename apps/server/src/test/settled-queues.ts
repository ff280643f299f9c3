import { pendingQueueRows } from '@site/testing/pending-queue-rows';
import { expect } from 'vitest';
import type { QueueTable } from '../queue/leased-queue-repository.js';
import type { TestStorage } from './test-storage.js';

/** Waits (up to 5 s) until no row of `tables` is pending (see pendingQueueRows). */
export async function queuesSettled(storage: TestStorage, ...tables: QueueTable[]) {
  const place = { databaseUrl: storage.settings.DATABASE_URL, dataDir: storage.dataDir };
  await expect.poll(() => pendingQueueRows(place, tables), { timeout: 5000, interval: 20 }).toBe(0);
}
