import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestDovecot, startTestSmtpSink } from '@site/testing/per-test';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { readEnv } from '../env.js';
import { mailDir, smtpMailer } from '../queue/mailer.js';
import { operatorMailRepository } from '../operators/operator-mail-repository.js';
import { operatorRepository } from '../operators/operator-repository.js';
import { mailFrom, poll } from '../test/mail-conversation.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import { openStorageDatabase, storeMessage } from '../test/test-database.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { createTestStorage, type TestStorage } from '../test/test-storage.js';
import { latestDigest } from './digest-schedule.js';
import { reasonFor, storedReasons } from './reasons.js';
import { spamDigests } from './spam-digests.js';

const HOUR_MS = 3_600_000;
const TEAM = 'team@test.example';
const settings = { NOTIFY_TO: TEAM, SPAM_DIGEST_HOUR: '8', OUTBOX_POLL_MS: '20' };
/** The digest due now with those settings, and a time inside what it lists. */
const due = () => latestDigest(new Date(), 8, 'Europe/Nicosia');
const insideDue = () => new Date(Date.parse(due().to) - 2 * HOUR_MS).toISOString();

/** A message the filter put in Spam, with the reasons it stores. */
const storeSpam = (db: Db, fields: Parameters<typeof storeMessage>[1] = {}) =>
  storeMessage(db, {
    spam: 1,
    spam_score: 9.5,
    spam_reasons: storedReasons([
      reasonFor('links', 3, 4),
      reasonFor('classifier', 5.5, 120, 80, 97.5),
      reasonFor('too-fast', 1, 2.1),
    ]),
    received_at: insideDue(),
    ...fields,
  });

const digestRows = (storage: TestStorage) =>
  readRows(storage, 'select day, status, listed, window_start, window_end from spam_digests');

/** An operator mail waiting to go: the outbox worker sends it after the digest in every round. */
async function queueOperatorMail(db: Db) {
  const { operator } = await operatorRepository(db).ensure('anna@test.example');
  await operatorMailRepository(db).enqueue(operator.id, 'passkey-flagged', {
    passkey: 'Laptop',
    at: new Date().toISOString(),
  });
}

describe('the daily spam digest', { timeout: 30_000 }, () => {
  it('lists what the filter put in Spam in the 24 hours before its hour: sender, subject, score, top reason, a link; never a text', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    const form = await storeSpam(db, {
      name: 'Spam Sender',
      email: 'offers@spam.example',
      subject: 'Cheap followers',
      message: 'SECRET-TEXT-ONE buy now',
    });
    const mailed = await storeSpam(db, {
      name: 'Billing Dept',
      email: 'billing@invoices.example',
      subject: 'Invoice overdue',
      message: 'SECRET-TEXT-TWO pay here',
      source: 'email',
      spam_score: 6,
      spam_reasons: storedReasons([reasonFor('throwaway-address', 6, 'invoices.example')]),
    });
    const restricted = await storeSpam(db, {
      name: 'Kept Private',
      email: 'private@example.com',
      subject: 'Restricted subject line',
      message: 'SECRET-TEXT-THREE',
    });
    await writeRows(storage, 'update messages set restricted = 1 where id = ?', restricted.id);
    const real = await storeMessage(db, { subject: 'A real enquiry', received_at: insideDue() });
    const marked = await storeSpam(db, { subject: 'Marked by Anna', message: 'SECRET-TEXT-FOUR' });
    await writeRows(storage, "update messages set trained_as = 'spam' where id = ?", marked.id);
    const earlier = await storeSpam(db, {
      subject: 'From the day before',
      received_at: new Date(Date.parse(due().from) - HOUR_MS).toISOString(),
    });

    await buildTestApp({ ...settings, SMTP_URL: smtp.url }, writeTestSite(), {}, storage);
    // The real message's notification goes out too.
    const mails = await smtp.waitForMails(2, 10_000);
    const mail = mails.find((each) => each.raw.includes('Message-ID: <spam-digest-'));
    expect(mails.filter((each) => each.raw.includes('Message-ID: <spam-digest-'))).toHaveLength(1);
    const parsed = await simpleParser(mail!.raw);
    expect(mail!.to).toEqual([TEAM]);
    expect(parsed.subject).toBe('[Test Company] 3 messages went to Spam in the last 24 hours');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const text = parsed.text!;
    expect(text).toContain('1. Cheap followers');
    expect(text).toContain('From:       Spam Sender <offers@spam.example>');
    expect(text).toContain('Score:      9.5 points');
    expect(text).toContain(
      'Top reason: Learning filter: 97.5 % likely spam (learnt from 120 spam and 80 real messages)',
    );
    expect(text).toContain(`Open:       http://localhost/admin?message=${form.id}`);
    expect(text).toContain('2. Invoice overdue');
    expect(text).toMatch(/Received: {3}\d+ \w+ \d{4}, \d\d:\d\d, by mail/);
    expect(text).toContain('Top reason: Throwaway address: invoices.example gives out throwaway addresses');
    expect(text).toContain(`Open:       http://localhost/admin?message=${mailed.id}`);
    expect(text).toContain('3. Subject hidden: processing restricted');
    expect(text).toContain('From:       Kept Private <private@example.com>');
    expect(parsed.html).toContain(`href="http://localhost/admin?message=${restricted.id}"`);
    for (const part of [mail!.raw, text, String(parsed.html)]) {
      expect(part).not.toMatch(/SECRET-TEXT|Hello there/);
      for (const left of ['Restricted subject line', real.subject, marked.subject, earlier.subject])
        expect(part).not.toContain(left);
    }

    await expect
      .poll(() => digestRows(storage), { timeout: 10_000 })
      .toMatchObject([{ day: due().day, status: 'sent' }]);
    expect(Number((await digestRows(storage))[0]!.listed)).toBe(3);
    const shown = await readRows(storage, 'select id from messages where shown_at is not null order by seq');
    expect(shown.map((row) => row.id)).toEqual([form.id, mailed.id, restricted.id]);
  });

  it('sends no mail when nothing went to Spam, and the day is done all the same', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    await storeMessage(db, { received_at: insideDue() });
    await storeSpam(db, { received_at: new Date().toISOString() });
    await buildTestApp({ ...settings, SMTP_URL: smtp.url }, writeTestSite(), {}, storage);
    await expect
      .poll(() => digestRows(storage), { timeout: 10_000 })
      .toMatchObject([{ day: due().day, status: 'sent' }]);
    expect(Number((await digestRows(storage))[0]!.listed)).toBe(0);
    expect(smtp.mails.filter((mail) => mail.raw.includes('spam-digest-'))).toEqual([]);
  });

  it('SPAM_DIGEST=off sends none and queues no day, however much went to Spam', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    await storeSpam(db);
    await queueOperatorMail(db);
    await buildTestApp({ ...settings, SMTP_URL: smtp.url, SPAM_DIGEST: 'off' }, writeTestSite(), {}, storage);
    // The worker sends an operator's mail after the digest's turn in the same round.
    const mails = await smtp.waitForMails(1, 10_000);
    expect(mails.map((mail) => mail.to)).toEqual([['anna@test.example']]);
    expect(await digestRows(storage)).toEqual([]);
  });

  it('comes before an operator mail queued at the same time when it is on', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    await storeSpam(db);
    await queueOperatorMail(db);
    await buildTestApp({ ...settings, SMTP_URL: smtp.url }, writeTestSite(), {}, storage);
    const mails = await smtp.waitForMails(2, 10_000);
    expect(mails.map((mail) => mail.to)).toEqual([[TEAM], ['anna@test.example']]);
  });

  it('goes out at SPAM_DIGEST_HOUR in BUSINESS_TIME_ZONE, with the 24 hours before it', async () => {
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    const before = await storeSpam(db, {
      subject: 'At 07:30 in Limassol',
      received_at: '2026-11-28T05:30:00.000Z',
    });
    await storeSpam(db, { subject: 'At 08:30 in Limassol', received_at: '2026-11-28T06:30:00.000Z' });
    const env = readEnv({ ...storage.settings, ...settings });
    expect([env.SPAM_DIGEST, env.SPAM_DIGEST_HOUR, env.BUSINESS_TIME_ZONE]).toEqual([
      'on',
      8,
      'Europe/Nicosia',
    ]);
    const digest = spamDigests(db, {
      siteName: 'Test Company',
      from: 'support@test.example',
      to: [TEAM],
      siteUrl: 'http://localhost',
      timeZone: env.BUSINESS_TIME_ZONE,
      retentionDays: 30,
      hour: env.SPAM_DIGEST_HOUR,
      pollMs: env.OUTBOX_POLL_MS,
    });
    const send = async (at: string) => {
      const deliveries = await digest.claim(new Date(at), 60_000, 5);
      const mails = await Promise.all(deliveries.map((delivery) => delivery.mail()));
      for (const delivery of deliveries) await delivery.record({ attempts: 1, sentAt: at });
      return mails;
    };
    // 09:00 on the 27th in Limassol (EET, UTC+2): the 27th's digest, which lists nothing of the 28th.
    expect(await send('2026-11-27T07:00:00.000Z')).toEqual([null]);
    // 07:59 on the 28th: its hour has not come.
    expect(await send('2026-11-28T05:59:59.000Z')).toEqual([]);
    const [mail] = await send('2026-11-28T06:00:00.000Z');
    expect(String(mail?.text)).toContain(
      'Between 27 Nov 2026, 08:00 and 28 Nov 2026, 08:00 (Europe/Nicosia)',
    );
    expect(String(mail?.text)).toContain(`1. At 07:30 in Limassol`);
    expect(String(mail?.text)).toContain('Received:   28 Nov 2026, 07:30, through the contact form');
    expect(String(mail?.text)).not.toContain('At 08:30');
    expect(await send('2026-11-28T12:00:00.000Z')).toEqual([]);
    expect(await readRows(storage, 'select id from messages where shown_at is not null')).toEqual([
      { id: before.id },
    ]);

    for (const [name, value] of [
      ['SPAM_DIGEST_HOUR', '24'],
      ['SPAM_DIGEST', 'weekly'],
      ['BUSINESS_TIME_ZONE', 'Europe/Limassol'],
    ])
      expect(() => readEnv({ ...storage.settings, [name!]: value })).toThrow(name);
    expect(readEnv({ BUSINESS_TIME_ZONE: 'America/New_York' }).BUSINESS_TIME_ZONE).toBe('America/New_York');
  });

  it('coming back into the mailbox the server reads, is never filed as a message', async () => {
    const storage = await createTestStorage();
    await storeSpam(await openStorageDatabase(storage), { subject: 'Listed in the digest' });
    const [dovecot, smtp] = [await startTestDovecot(), await startTestSmtpSink()];
    // NOTIFY_TO is, by default, the mailbox the server reads.
    await buildTestApp(
      { SMTP_URL: smtp.url, IMAP_URL: dovecot.url, OUTBOX_POLL_MS: '20' },
      writeTestSite(),
      {},
      storage,
    );
    const [digest] = await smtp.waitForMails(1, 10_000);
    const later = mailFrom(
      {
        From: 'nikos@example.org',
        To: 'support@test.example',
        Subject: 'CRM demo',
        'Message-ID': '<n@example.org>',
      },
      'Could we see a demo?',
    );
    await dovecot.deliver([digest!.raw, later]);
    // The mailbox is read in order: once the later mail is filed, the digest was read.
    const subjects = async () =>
      (await readRows(storage, 'select subject from messages order by seq')).map((row) => row.subject);
    await poll(subjects).toEqual(['Listed in the digest', 'CRM demo']);
  });

  it('written as a file without SMTP, goes when a person it lists is erased', async () => {
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    await storeSpam(db, { email: 'erase-me@spam.example', subject: 'Listed, then erased' });
    await buildTestApp({ ...settings }, writeTestSite(), {}, storage);
    const file = join(mailDir(storage.dataDir), `spam-digest-${due().day}@test.example.eml`);
    await expect.poll(() => existsSync(file), { timeout: 10_000 }).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('erase-me@spam.example');
    await expect.poll(() => digestRows(storage), { timeout: 10_000 }).toMatchObject([{ status: 'sent' }]);

    expect((await messagesInProcess(storage, 'erase', '--email', 'erase-me@spam.example')).code).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('refused by the mail server and given up on, goes out again after "outbox retry"', async () => {
    const smtp = await startTestSmtpSink();
    smtp.refused.add(TEAM);
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    await storeSpam(db, { subject: 'Waiting for the retry' });
    const givesUpAtOnce = { OUTBOX_MAX_ATTEMPTS: '1' };
    await buildTestApp({ ...settings, ...givesUpAtOnce, SMTP_URL: smtp.url }, writeTestSite(), {}, storage);
    await expect.poll(() => digestRows(storage), { timeout: 10_000 }).toMatchObject([{ status: 'failed' }]);
    expect(smtp.mails).toHaveLength(0);

    smtp.refused.delete(TEAM);
    const retried = await messagesInProcess(storage, 'outbox', 'retry');
    expect(retried).toMatchObject({ code: 0, out: '1 mail(s) queued again' });
    const [mail] = await smtp.waitForMails(1, 10_000);
    expect((await simpleParser(mail!.raw)).text).toContain('1. Waiting for the retry');
    await expect.poll(() => digestRows(storage), { timeout: 10_000 }).toMatchObject([{ status: 'sent' }]);
  });

  it('is sent once by two instances of one database that take it at the same moment', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    const [first, second] = [await openStorageDatabase(storage), await openStorageDatabase(storage)];
    await storeSpam(first!);
    const settingsOf = {
      siteName: 'Test Company',
      from: 'support@test.example',
      to: [TEAM],
      siteUrl: 'http://localhost',
      timeZone: 'Europe/Nicosia',
      retentionDays: 30,
      hour: 8,
      pollMs: 20,
    };
    const instances = [spamDigests(first!, settingsOf), spamDigests(second!, settingsOf)];
    const mailer = smtpMailer(smtp.url);
    // Each instance's worker, round after round: claim what is due, send it, record the outcome.
    for (let round = 0; round < 5; round++) {
      const now = new Date();
      const claimed = (await Promise.all(instances.map((instance) => instance.claim(now, 60_000, 5)))).flat();
      for (const delivery of claimed) {
        const mail = await delivery.mail();
        if (mail) await mailer.deliver(mail);
        await delivery.record({ attempts: 1, sentAt: new Date().toISOString() });
      }
    }
    mailer.close();
    expect(smtp.mails).toHaveLength(1);
    expect(await digestRows(storage)).toMatchObject([{ day: due().day, status: 'sent' }]);
  });

  it('is sent once by two servers started at the same time on one database', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    await storeSpam(await openStorageDatabase(storage));
    const site = writeTestSite();
    const servers = await Promise.all(
      [0, 1].map(() => buildTestApp({ ...settings, SMTP_URL: smtp.url }, site, {}, storage)),
    );
    await smtp.waitForMails(1, 10_000);
    await expect.poll(() => digestRows(storage), { timeout: 10_000 }).toMatchObject([{ status: 'sent' }]);
    // A second instance waits out the first's lease before it looks again: nothing more is due.
    for (const { app } of servers) await app.close();
    expect(smtp.mails).toHaveLength(1);
  });
});
