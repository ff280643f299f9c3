import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { readRows, writeRows } from '../test/data-file.js';
import { filesHolding } from '../test/files-holding.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';

describe('RETENTION_DAYS', () => {
  it('deletes messages older than the retention period when the server starts, and keeps newer ones', async () => {
    const site = writeTestSite();
    const first = await buildTestApp({}, site);
    await sendMessage(first.app, {
      ...validMessage,
      email: 'old@example.com',
      message: 'Old words: quince-11',
    });
    await sendMessage(first.app, { ...validMessage, email: 'new@example.com' });
    await vi.waitFor(() => expect(readdirSync(join(first.dataDir, 'mail'))).toHaveLength(2));
    await first.app.close();
    writeRows(
      first.dataDir,
      "update messages set received_at = '2020-01-01T00:00:00.000Z' where email = 'old@example.com'",
    );

    const second = await buildTestApp({ DATA_DIR: first.dataDir, RETENTION_DAYS: '365' }, site);
    const emails = () => readRows(first.dataDir, 'select email from messages').map((row) => row.email);
    await vi.waitFor(() => expect(emails()).toEqual(['new@example.com']), { timeout: 3000 });
    // Nor any copy: the notification file, the pages in the write-ahead log, free space in site.db.
    await vi.waitFor(() => expect(filesHolding(first.dataDir, 'old@example.com')).toEqual([]), {
      timeout: 3000,
    });
    expect(filesHolding(first.dataDir, 'quince-11')).toEqual([]);
    expect(filesHolding(first.dataDir, 'new@example.com')).toContainEqual(expect.stringMatching(/^mail\//));
    await second.app.close();
  });
});
