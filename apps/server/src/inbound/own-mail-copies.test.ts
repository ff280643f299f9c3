import { adminApiPaths } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { latestDigest } from '../spam/digest-schedule.js';
import { signedInOperator } from '../test/admin-client.js';
import { mailboxApp, mailFrom, poll } from '../test/mail-conversation.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import { openStorageDatabase, storeMessage } from '../test/test-database.js';
import { createTestStorage } from '../test/test-storage.js';

/**
 * NOTIFY_TO is the mailbox the app reads, as by default: its mail server delivers the company's own mails
 * there, and the reader leaves each moved to IMAP_MOVE_TO or flagged seen where it came.
 */
type Way = { settings: Record<string, string>; folder: string; flags: string[] };
const ways: Way[] = [
  { settings: { IMAP_MOVE_TO: 'Imported' }, folder: 'Imported', flags: [] },
  { settings: {}, folder: 'INBOX', flags: ['\\Seen'] },
];

const DAY_MS = 86_400_000;

/**
 * An app whose spam digest, due now and sent once the app starts, lists Jane's message, which went to
 * Spam in the 24 hours before. `digest()` is the mail as sent; the digest's row says what it listed.
 */
async function janeInDigest(settings: Record<string, string>) {
  const storage = await createTestStorage();
  const due = latestDigest(new Date(), 8, 'Europe/Nicosia');
  await storeMessage(await openStorageDatabase(storage), {
    email: 'jane@example.com',
    spam: 1,
    received_at: new Date(Date.parse(due.to) - 3_600_000).toISOString(),
  });
  const site = await mailboxApp({ ...settings, SPAM_DIGEST_HOUR: '8' }, storage);
  const digestId = `<spam-digest-${due.day}@test.example>`;
  const digests = () => site.smtp.mails.filter((mail) => mail.raw.includes(digestId));
  await poll(async () => digests().length).toBe(1);
  expect(digests()[0]!.raw).toContain('jane@example.com');
  await poll(async () => readRows(storage, 'select status from spam_digests')).toEqual([{ status: 'sent' }]);
  return { ...site, digestId, digest: () => digests()[0]!.raw };
}

/** The digest that listed Jane, come back into the mailbox and left there. */
async function digestInMailbox({ settings, folder, flags }: Way) {
  const site = await janeInDigest(settings);
  await site.dovecot.deliver(site.digest());
  await poll(async () => (await site.dovecot.list(folder)).map((mail) => mail.flags)).toEqual([flags]);
  return site;
}

describe("the company's own mails in the mailbox it reads", { timeout: 30_000 }, () => {
  it("erases the company's own notification copies with the message they are about, moved or flagged", async () => {
    for (const { settings, folder, flags } of ways) {
      const { dovecot, smtp, app, storage } = await mailboxApp(settings);
      expect((await sendMessage(app, validMessage)).statusCode).toBe(201);
      const company = () => smtp.mails.filter((mail) => mail.to.includes('support@test.example'));
      await poll(async () => company().length).toBe(1);
      await dovecot.deliver(company()[0]!.raw);
      await poll(async () => (await dovecot.list(folder)).map((mail) => mail.flags)).toEqual([flags]);
      const anna = await signedInOperator(app, storage, 'anna@example.com');
      expect((await anna.post(adminApiPaths.eraseSubject, { email: 'jane@example.com' })).statusCode).toBe(
        200,
      );
      await poll(async () => (await dovecot.list(folder)).length).toBe(0);
      expect(await readRows(storage, 'select id from messages')).toEqual([]);
    }
  });

  it('deletes a notification or digest copy at once when its message, or one it listed, was erased before it arrived', async () => {
    const { dovecot, smtp, app, storage, digest } = await janeInDigest({});
    expect((await sendMessage(app, validMessage)).statusCode).toBe(201);
    const notification = () => smtp.mails.find((mail) => mail.raw.includes('Message-ID: <contact-'));
    await poll(async () => notification() !== undefined).toBe(true);
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    expect((await anna.post(adminApiPaths.eraseSubject, { email: 'jane@example.com' })).statusCode).toBe(200);
    const next = mailFrom(
      { From: 'nikos@example.org', To: 'support@test.example', Subject: 'Next', 'Message-ID': '<next@x>' },
      'A question about SMS.',
    );
    await dovecot.deliver([notification()!.raw, digest(), next]);
    await poll(async () => readRows(storage, 'select subject from messages')).toEqual([{ subject: 'Next' }]);
    expect((await dovecot.list()).map((mail) => mail.messageId)).toEqual(['<next@x>']);
  });

  it("erases the company's copies of a spam digest that listed the person, moved or flagged", async () => {
    for (const way of ways) {
      const { dovecot, app, storage } = await digestInMailbox(way);
      const anna = await signedInOperator(app, storage, 'anna@example.com');
      expect((await anna.post(adminApiPaths.eraseSubject, { email: 'jane@example.com' })).statusCode).toBe(
        200,
      );
      await poll(async () => (await dovecot.list(way.folder)).length).toBe(0);
    }
  });

  it("deletes the copies no message leads to after their retention: a digest's with spam, the others' with messages", async () => {
    const { dovecot, smtp, storage, digestId } = await digestInMailbox(ways[0]!);
    // The weekly figures, which name nobody, come back too.
    const weekly = '<analytics-week-2026-11-23@test.example>';
    await dovecot.deliver(
      mailFrom(
        { From: 'site@test.example', To: 'support@test.example', Subject: 'Last week', 'Message-ID': weekly },
        '3 leads',
      ),
    );
    await poll(async () => (await dovecot.list('Imported')).map((mail) => mail.messageId)).toEqual([
      digestId,
      weekly,
    ]);
    // 31 days later, another instance starts: its retention runs at once.
    await writeRows(
      storage,
      'update imported_mails set imported_at = ?',
      new Date(Date.now() - 31 * DAY_MS).toISOString(),
    );
    const instance = (settings: Record<string, string>) =>
      buildTestApp(
        {
          SMTP_URL: smtp.url,
          IMAP_URL: dovecot.url,
          IMAP_MOVE_TO: 'Imported',
          SPAM_DIGEST_HOUR: '8',
          ...settings,
        },
        writeTestSite(),
        {},
        storage,
      );
    // SPAM_RETENTION_DAYS (30) takes the digest; RETENTION_DAYS unset keeps the rest, as it keeps messages.
    await instance({});
    await poll(async () => (await dovecot.list('Imported')).map((mail) => mail.messageId)).toEqual([weekly]);
    await instance({ RETENTION_DAYS: '30' });
    await poll(async () => (await dovecot.list('Imported')).length).toBe(0);
    // Jane's spam, received a day ago, stays.
    expect(await readRows(storage, 'select email from messages')).toEqual([{ email: 'jane@example.com' }]);
  });
});
