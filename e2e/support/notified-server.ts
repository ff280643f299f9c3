import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import { startTestSiteServer } from '@site/testing/per-test';
import { sendContact } from './send-contact';

/**
 * A server process on `dataDir` (no SMTP: each notification becomes an .eml file) that has stored
 * `messages` and written their notifications: written under a .tmp name, then renamed, so it waits for
 * the finished mails alone.
 */
export async function serverWithNotified(dataDir: string, messages: Record<string, unknown>[]) {
  const server = await startTestSiteServer({ DATA_DIR: dataDir });
  for (const message of messages) expect(await sendContact(server.url, message)).toBe(201);
  await vi.waitFor(
    () =>
      expect(readdirSync(join(dataDir, 'mail'))).toEqual(messages.map(() => expect.stringMatching(/\.eml$/))),
    { timeout: 5000 },
  );
  return server;
}
