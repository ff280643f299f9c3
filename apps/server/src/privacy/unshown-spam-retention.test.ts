import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import { openStorageDatabase, storeMessage } from '../test/test-database.js';
import { createTestStorage, type TestStorage } from '../test/test-storage.js';
import { DAY_MS } from '../time.js';

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const storeSpam = (db: Db, email: string, receivedDaysAgo: number) =>
  storeMessage(db, { email, spam: 1, spam_score: 8, received_at: daysAgo(receivedDaysAgo) });
const shownBefore = (storage: TestStorage, id: string, days: number) =>
  writeRows(storage, 'update messages set shown_at = ? where id = ?', daysAgo(days), id);
const storedAddresses = async (storage: TestStorage) =>
  (await readRows(storage, 'select email from messages order by seq')).map((row) => row.email);

describe('spam retention', { timeout: 30_000 }, () => {
  it('deletes old spam once a sent digest or an operator has shown it, never before; erasure deletes it all the same', async () => {
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    await storeSpam(db, 'unseen@spam.example', 40);
    await shownBefore(storage, (await storeSpam(db, 'in-a-digest@spam.example', 40)).id, 39);
    await shownBefore(storage, (await storeSpam(db, 'recent@spam.example', 10)).id, 9);
    const opened = await storeSpam(db, 'opened@spam.example', 40);
    await storeSpam(db, 'erase-me@spam.example', 40);
    await storeMessage(db, { email: 'real@example.com', received_at: daysAgo(40) });
    // An operator opens one on the command line (the inbox opens through the same service).
    expect((await messagesInProcess(storage, 'show', opened.id)).code).toBe(0);

    // Retention runs as the server starts, and daily.
    const site = writeTestSite();
    const first = await buildTestApp({ SPAM_RETENTION_DAYS: '30' }, site, {}, storage);
    await expect
      .poll(() => storedAddresses(storage), { timeout: 10_000 })
      .toEqual(['unseen@spam.example', 'recent@spam.example', 'erase-me@spam.example', 'real@example.com']);
    await first.app.close();

    // Retention of every message (RETENTION_DAYS) keeps unseen spam as well.
    const second = await buildTestApp({ SPAM_RETENTION_DAYS: '30', RETENTION_DAYS: '35' }, site, {}, storage);
    await expect
      .poll(() => storedAddresses(storage), { timeout: 10_000 })
      .toEqual(['unseen@spam.example', 'recent@spam.example', 'erase-me@spam.example']);
    await second.app.close();

    // A GDPR request beats it.
    expect((await messagesInProcess(storage, 'erase', '--email', 'erase-me@spam.example')).code).toBe(0);
    expect(await storedAddresses(storage)).toEqual(['unseen@spam.example', 'recent@spam.example']);
    // Nothing else does: purging by hand deletes the shown spam and keeps the unseen.
    expect((await messagesInProcess(storage, 'purge', '--older-than', '1')).out).toMatch(/^1 message\(s\)/);
    expect(await storedAddresses(storage)).toEqual(['unseen@spam.example']);
  });

  it('counts a message marked spam by an operator as shown', async () => {
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    const message = await storeMessage(db, { email: 'marked@example.com', received_at: daysAgo(40) });
    expect((await messagesInProcess(storage, 'spam', message.id)).code).toBe(0);
    await buildTestApp({ SPAM_RETENTION_DAYS: '30' }, writeTestSite(), {}, storage);
    await expect.poll(() => storedAddresses(storage), { timeout: 10_000 }).toEqual([]);
  });
});
