import { describe, expect, it } from 'vitest';
import { readRows, writeRows } from '../test/data-file.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';

describe('RETENTION_DAYS', () => {
  it('deletes messages older than the retention period when the server starts, and keeps newer ones', async () => {
    const site = writeTestSite();
    const first = await buildTestApp({}, site);
    await sendMessage(first.app, { ...validMessage, email: 'old@example.com' });
    await sendMessage(first.app, { ...validMessage, email: 'new@example.com' });
    await first.app.close();
    writeRows(
      first.dataDir,
      "update messages set received_at = '2020-01-01T00:00:00.000Z' where email = 'old@example.com'",
    );

    const second = await buildTestApp({ DATA_DIR: first.dataDir, RETENTION_DAYS: '365' }, site);
    const emails = () => readRows(first.dataDir, 'select email from messages').map((row) => row.email);
    const deadline = Date.now() + 3000;
    while (emails().includes('old@example.com') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    expect(emails()).toEqual(['new@example.com']);
    await second.app.close();
  });
});
