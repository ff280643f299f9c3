import { adminApiPaths, type MessageSummary, type SpamVerdict } from '@site/api-contract';
import { startTestSmtpSink, startTestWebhookReceiver } from '@site/testing/per-test';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { POSSIBLY_SPAM_PREFIX } from '../notifications/notification-mail.js';
import { signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';

/** Each test waits on real mail, webhooks and sign-ins: more than the default on a busy 2-core machine. */
const slow = { timeout: 20_000 };

const SECRET = 'whsec_c3BhbS12ZXJkaWN0cy10ZXN0LXNlY3JldA==';

/**
 * Bands set here, not left to the defaults that bench:spam tunes: any point against a message makes it
 * possibly spam, and only the honeypot (10 points) reaches the spam threshold.
 */
const bands = {
  SPAM_THRESHOLD: '10',
  SPAM_POSSIBLY_THRESHOLD: '0.1',
  CONTACT_RATE_PER_MINUTE: '100',
};

/** A message the filter holds a few points against (markup, a shortened link, a throwaway address). */
const doubtful = {
  ...validMessage,
  email: 'quote@mailinator.com',
  subject: 'Quote for 20,000 SMS a month',
  message: 'Hello, [b]please[/b] send a quote for 20,000 SMS a month, details at https://bit.ly/3xYz',
};
/** The honeypot filled in: spam, whatever else. */
const caught = (email: string) => ({
  ...validMessage,
  email,
  subject: 'SEO',
  website: 'https://seo.example',
});

const idOf = (response: { json: <T>() => T }) => response.json<{ id: string }>().id;

async function withReceivers() {
  const smtp = await startTestSmtpSink();
  const receiver = await startTestWebhookReceiver();
  receiver.secret = SECRET;
  const { app, storage } = await buildTestApp({
    ...bands,
    SMTP_URL: smtp.url,
    NOTIFY_TO: 'sales@test.example',
    MAIL_FROM: 'website@test.example',
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: SECRET,
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  });
  return { app, storage, smtp, receiver };
}

describe('three verdicts: not spam, possibly spam, spam', slow, () => {
  it('notifies not spam as before, notifies possibly spam labelled (subject, list, webhook), silences spam', async () => {
    const { app, storage, smtp, receiver } = await withReceivers();
    const real = idOf(await sendMessage(app, validMessage));
    const unsure = idOf(await sendMessage(app, doubtful));
    const spam = idOf(await sendMessage(app, caught('bot@seo.example')));

    const mails = await smtp.waitForMails(2);
    const subjects = await Promise.all(mails.map(async (mail) => (await simpleParser(mail.raw)).subject));
    expect(subjects.sort()).toEqual(
      [
        `[Test Company] ${validMessage.subject}`,
        `${POSSIBLY_SPAM_PREFIX}[Test Company] ${doubtful.subject}`,
      ].sort(),
    );
    const labelled = await simpleParser(mails.find((mail) => mail.raw.includes('mailinator'))!.raw);
    expect(labelled.text).toContain('Spam check: Possibly spam');

    await expect
      .poll(() => receiver.received.filter((each) => each.verified).length, { timeout: 5000, interval: 20 })
      .toBe(2);
    const posted = Object.fromEntries(
      receiver.received.map((each) => [each.event!.data.message.id, each.event!.data.message.spamVerdict]),
    );
    expect(posted).toEqual({ [real]: 'not-spam', [unsure]: 'possibly-spam' });

    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const inbox = (await anna.get(adminApiPaths.messages)).json<{ messages: MessageSummary[] }>().messages;
    expect(inbox.map(({ id, spamVerdict }) => ({ id, spamVerdict }))).toEqual([
      { id: unsure, spamVerdict: 'possibly-spam' },
      { id: real, spamVerdict: 'not-spam' },
    ]);
    const opened = (await anna.get(`${adminApiPaths.messages}/${unsure}`)).json().message;
    expect(opened.spamVerdict).toBe('possibly-spam');
    expect(opened.spamReasons.length).toBeGreaterThan(0);
    const spamView = (await anna.get(`${adminApiPaths.messages}?spam=true`)).json().messages;
    expect(spamView).toEqual([expect.objectContaining({ id: spam, spamVerdict: 'spam' })]);
    expect(await readRows(storage, 'select message_id from outbox where message_id = ?', spam)).toEqual([]);
  });

  it('keeps the filter apart from the mark: marked Not spam, a possibly spam message is labelled no more', async () => {
    const { app, storage } = await buildTestApp(bands);
    const unsure = idOf(await sendMessage(app, doubtful));
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    expect((await anna.post(`${adminApiPaths.messages}/${unsure}/spam`, { spam: false })).statusCode).toBe(
      204,
    );
    expect(
      await readRows(storage, 'select spam, spam_verdict, spam_mark from messages where id = ?', unsure),
    ).toEqual([{ spam: 0, spam_verdict: 'possibly-spam', spam_mark: 'not-spam' }]);
    const [row] = (await anna.get(adminApiPaths.messages)).json<{ messages: MessageSummary[] }>().messages;
    expect(row!.spamVerdict).toBe('not-spam');
  });

  it('lists each message with its verdict, score and reasons as JSON on the command line, and in the export', async () => {
    const { app, storage } = await buildTestApp(bands);
    const real = idOf(await sendMessage(app, validMessage));
    const unsure = idOf(await sendMessage(app, doubtful));
    const spam = idOf(await sendMessage(app, caught('bot@seo.example')));
    type Listed = { id: string; spamVerdict: SpamVerdict; spamScore: number; spamReasons: unknown[] };

    const listed = await messagesInProcess(storage, 'list', '--json');
    expect(listed.code, listed.err).toBe(0);
    const inbox = JSON.parse(listed.out) as Listed[];
    expect(inbox.map(({ id, spamVerdict }) => [id, spamVerdict])).toEqual([
      [unsure, 'possibly-spam'],
      [real, 'not-spam'],
    ]);
    const doubted = inbox[0]!;
    expect(doubted.spamScore).toBeGreaterThan(0);
    expect(doubted.spamReasons).toContainEqual(
      expect.objectContaining({
        signal: 'throwaway-address',
        detail: expect.stringContaining('mailinator.com'),
      }),
    );
    const spamList = JSON.parse((await messagesInProcess(storage, 'list', '--spam', '--json')).out);
    expect(spamList).toEqual([
      expect.objectContaining({
        id: spam,
        spamVerdict: 'spam',
        spamScore: 10,
        spamReasons: expect.arrayContaining([expect.objectContaining({ signal: 'honeypot', points: 10 })]),
      }),
    ]);
    const text = await messagesInProcess(storage, 'list');
    expect(text.out.split('\n').find((line) => line.startsWith(unsure))).toContain('[possibly spam]');

    const json = JSON.parse((await messagesInProcess(storage, 'export', '--format', 'json')).out);
    expect(json[0]).toMatchObject({
      id: unsure,
      spam_verdict: 'possibly-spam',
      spam_score: doubted.spamScore,
      spam_reasons: doubted.spamReasons,
    });
    const csv = (await messagesInProcess(storage, 'export', '--format', 'csv')).out;
    const [header, first] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('"spam_verdict","spam_score","spam_reasons"');
    expect(first).toContain('"possibly-spam"');
    expect(first).toMatch(/throwaway-address \+[\d.]+: mailinator\.com gives out throwaway addresses/);
  });
});
