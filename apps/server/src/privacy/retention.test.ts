import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { filesHolding } from '@site/testing/files-holding';
import { describe, expect, it, vi } from 'vitest';
import { readRows, writeRows } from '../test/stored-rows.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';

describe('RETENTION_DAYS', () => {
  it('deletes messages older than the retention period when the server starts, and keeps newer ones', async () => {
    const site = writeTestSite();
    const first = await buildTestApp({}, site);
    await sendMessage(first.app, {
      ...validMessage,
      email: 'old@example.com',
      message: 'Old words: QUINCE-11',
    });
    await sendMessage(first.app, { ...validMessage, email: 'new@example.com' });
    await vi.waitFor(() => expect(readdirSync(join(first.dataDir, 'mail'))).toHaveLength(2));
    await first.app.close();
    await writeRows(
      first.storage,
      "update messages set received_at = '2020-01-01T00:00:00.000Z' where email = 'old@example.com'",
    );

    await buildTestApp({ RETENTION_DAYS: '365' }, site, {}, first.storage);
    const emails = async () =>
      (await readRows(first.storage, 'select email from messages')).map((row) => row.email);
    await vi.waitFor(async () => expect(await emails()).toEqual(['new@example.com']), { timeout: 3000 });
    // Nor any copy: the notification file, the pages in the write-ahead log, free space in site.db.
    await vi.waitFor(() => expect(filesHolding(first.dataDir, 'old@example.com')).toEqual([]), {
      timeout: 3000,
    });
    expect(filesHolding(first.dataDir, 'QUINCE-11')).toEqual([]);
    // The search index's lower-case copy of the word too.
    expect(filesHolding(first.dataDir, 'quince')).toEqual([]);
    expect(filesHolding(first.dataDir, 'new@example.com')).toContainEqual(expect.stringMatching(/^mail\//));
  });
});

describe('IP_RETENTION_DAYS', () => {
  it('blanks the IP address and user agent of messages older than the window, keeps newer ones, and leaves no bytes', async () => {
    const site = writeTestSite();
    const first = await buildTestApp({}, site);
    const old = { ip: '203.0.113.77', agent: 'OldBrowser/1.0 (gone-after-thirty-days)' };
    const recent = { ip: '198.51.100.23', agent: 'NewBrowser/2.0 (kept-for-now)' };
    await sendMessage(
      first.app,
      { ...validMessage, email: 'old@example.com' },
      { 'user-agent': old.agent },
      old.ip,
    );
    await sendMessage(
      first.app,
      { ...validMessage, email: 'new@example.com' },
      { 'user-agent': recent.agent },
      recent.ip,
    );
    await first.app.close();
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await writeRows(
      first.storage,
      `update messages set received_at = '${longAgo}' where email = 'old@example.com'`,
    );
    expect(filesHolding(first.dataDir, old.ip)).toEqual(['site.db']);

    const second = await buildTestApp({}, site, {}, first.storage);
    const network = () =>
      readRows(first.storage, 'select email, ip, user_agent from messages order by email');
    await expect.poll(async () => (await network())[1]?.ip, { timeout: 3000, interval: 20 }).toBe('');
    await second.app.close();
    expect(await network()).toEqual([
      { email: 'new@example.com', ip: recent.ip, user_agent: recent.agent },
      { email: 'old@example.com', ip: '', user_agent: '' },
    ]);
    expect(filesHolding(first.dataDir, old.ip)).toEqual([]);
    expect(filesHolding(first.dataDir, 'gone-after-thirty-days')).toEqual([]);
    expect(filesHolding(first.dataDir, recent.ip)).toEqual(['site.db']);
  });
});
