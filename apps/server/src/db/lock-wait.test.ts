import { apiErrorCodes } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readRows } from '../test/stored-rows.js';
import { holdWriteLock } from '../test/lock-holder.js';
import { sendMessage } from '../test/send-message.js';
import { buildTestApp } from '../test/test-app.js';
import { sqliteStorage } from '../test/test-storage.js';

let app: FastifyInstance | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from now until a page, asked for `delayMs` from now, has been answered. */
async function pageAnsweredAfter(delayMs: number) {
  const started = performance.now();
  await sleep(delayMs);
  expect((await app!.inject('/')).statusCode).toBe(200);
  return performance.now() - started;
}

describe('while another process holds the database write lock', () => {
  it('pages are served at once, and a message sent meanwhile is stored once the lock goes', async () => {
    let dataDir: string;
    ({ app, dataDir } = await buildTestApp());
    const lock = await holdWriteLock(dataDir, 1500);
    const sentAt = performance.now();
    const sending = sendMessage(app);

    for (const delayMs of [50, 300, 800])
      expect(await pageAnsweredAfter(delayMs)).toBeLessThan(delayMs + 200);
    const response = await sending;
    expect(response.statusCode).toBe(201);
    expect(performance.now() - sentAt).toBeGreaterThan(1000);
    await lock.released;
    expect(await readRows(sqliteStorage(dataDir), 'select id from messages')).toHaveLength(1);
  });

  it('a message gets 503 once the lock is held past DB_LOCK_TIMEOUT_MS, and the next one is stored', async () => {
    let dataDir: string;
    ({ app, dataDir } = await buildTestApp({ DB_LOCK_TIMEOUT_MS: '300' }));
    const lock = await holdWriteLock(dataDir, 2000);
    const sentAt = performance.now();
    const sending = sendMessage(app);

    expect(await pageAnsweredAfter(100)).toBeLessThan(300);
    const refused = await sending;
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe(apiErrorCodes.storageUnavailable);
    expect(performance.now() - sentAt).toBeLessThan(1000);
    await lock.released;
    expect((await sendMessage(app)).statusCode).toBe(201);
    expect(await readRows(sqliteStorage(dataDir), 'select id from messages')).toHaveLength(1);
  });
});
