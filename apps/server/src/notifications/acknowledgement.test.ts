import { startTestSmtpSink } from '@site/testing/per-test';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { conversationOf } from '../conversations/conversation-address.js';
import { dataSubjects } from '../privacy/data-subject-repository.js';
import { mailboxApp, mailWithFiles, poll } from '../test/mail-conversation.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import { openStorageDatabase } from '../test/test-database.js';
import type { TestStorage } from '../test/test-storage.js';
import { el } from '../visitor-text/el.js';
import { en } from '../visitor-text/en.js';

const SECRET = 'acknowledgement-test-secret-0123456789abcdef';
const slow = { timeout: 20_000 };

const settings = {
  ACKNOWLEDGEMENT_MAIL: 'on',
  // Round the clock, so the promised answer is the target after the message on the wall clock too.
  BUSINESS_DAYS: 'mon-sun',
  BUSINESS_HOURS: '00:00-24:00',
  BUSINESS_HOLIDAYS: 'none',
  FIRST_RESPONSE_TARGET: '4h',
  BUSINESS_TIME_ZONE: 'UTC',
  APP_SECRET: SECRET,
  MAIL_FROM: 'website@test.example',
  REPLY_ADDRESS: 'support@test.example',
  NOTIFY_TO: 'sales@test.example',
  CONTACT_RATE_PER_MINUTE: '100',
  CONTACT_RATE_PER_DAY: '1000',
};

async function start(more: Record<string, string> = {}, storage?: TestStorage, site = writeTestSite()) {
  const smtp = await startTestSmtpSink();
  const { app, storage: stored } = await buildTestApp(
    { ...settings, SMTP_URL: smtp.url, ...more },
    site,
    {},
    storage,
  );
  return { app, storage: stored, smtp };
}

type Started = Awaited<ReturnType<typeof start>>;

const idOf = (response: { json: <T>() => T }) => response.json<{ id: string }>().id;

/** The outbox rows of every kind, once none is pending: what each stored message queued. */
const settledKinds = async (storage: TestStorage) => {
  await expect
    .poll(async () => (await readRows(storage, "select seq from outbox where status = 'pending'")).length, {
      timeout: 5000,
      interval: 20,
    })
    .toBe(0);
  return (await readRows(storage, 'select message_id, kind from outbox order by seq')) as {
    message_id: string;
    kind: string;
  }[];
};

const acknowledgementsIn = async (storage: TestStorage) =>
  (await settledKinds(storage)).filter((row) => row.kind === 'acknowledgement').map((row) => row.message_id);

/** The mails the visitor at `address` received, parsed. */
const mailsTo = ({ smtp }: Started, address: string) =>
  Promise.all(smtp.mails.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)));

async function acknowledgementOf(started: Started, address = validMessage.email) {
  await expect.poll(async () => (await mailsTo(started, address)).length, { timeout: 5000 }).toBe(1);
  const raw = started.smtp.mails.find((mail) => mail.to.includes(address))!.raw;
  return { raw, parsed: (await mailsTo(started, address))[0]! };
}

const receivedAt = async (storage: TestStorage, id: string) =>
  new Date(
    (
      (await readRows(storage, 'select received_at from messages where id = ?', id)) as {
        received_at: string;
      }[]
    )[0]!.received_at,
  );

describe('the acknowledgement mail to the visitor', slow, () => {
  it('tells in English that the message arrived, its reference, when to expect an answer and who the company is', async () => {
    const started = await start();
    const id = idOf(await sendMessage(started.app, { ...validMessage, language: 'en' }));
    const { parsed } = await acknowledgementOf(started);
    expect(parsed.subject).toBe(en.acknowledgementMail.subject('Test Company', id));
    expect(parsed.from?.value).toEqual([{ name: 'Test Company', address: 'website@test.example' }]);
    expect(parsed.to).toMatchObject({ value: [{ name: '', address: 'jane@example.com' }] });
    expect(parsed.text).toMatch(/^Hello,\n/);
    const by = new Date((await receivedAt(started.storage, id)).getTime() + 4 * 3_600_000);
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'full', timeStyle: 'short' });
    expect(parsed.text?.replace(/\s+/g, ' ')).toContain(
      `will answer it by ${day.format(by)} (Coordinated Universal Time)`,
    );
    for (const fact of [
      `Your reference number is ${id}`,
      'Test Company Ltd\n1 Test Street\n3036 Limassol\nCyprus\nsupport@test.example · http://localhost',
    ])
      expect(parsed.text).toContain(fact);
    expect(parsed.html).toBe(false);
  });

  it('is in Greek after a message from a Greek page', async () => {
    const started = await start();
    const id = idOf(await sendMessage(started.app, { ...validMessage, language: 'el' }));
    const { parsed } = await acknowledgementOf(started);
    expect(parsed.subject).toBe(el.acknowledgementMail.subject('Test Company', id));
    expect(parsed.subject).toBe(`Λάβαμε το μήνυμά σας: Test Company, αριθμός αναφοράς ${id}`);
    expect(parsed.text).toMatch(/^Γεια σας,\n\nΣας ευχαριστούμε που επικοινωνήσατε με την Test Company\./);
    const text = parsed.text!.replace(/\s+/g, ' ');
    // «έως τη Δευτέρα», «έως το Σάββατο», «έως την Τρίτη», with the month in the genitive.
    expect(text).toMatch(
      /θα σας απαντήσουμε έως (τη Δευτέρα|την (Τρίτη|Τετάρτη|Πέμπτη|Παρασκευή|Κυριακή)|το Σάββατο) \d{1,2} [Α-Ωα-ωάέήίόύώ]+ \d{4}, στις \d\d:\d\d \(/,
    );
    expect(text).toContain(`Ο αριθμός αναφοράς σας είναι ${id}.`);
    expect(parsed.text).toContain('Test Company Ltd\nΟδός Δοκιμής 1\n3036 Λεμεσός\nΚύπρος');
  });

  it('echoes nothing the visitor typed: not the name, the subject or the text, even with links in them', async () => {
    // Links would make it possibly spam, which gets no acknowledgement: here only the echo counts.
    const started = await start({ SPAM_POSSIBLY_THRESHOLD: '100', SPAM_THRESHOLD: '100' });
    await sendMessage(started.app, {
      ...validMessage,
      name: 'Win big at http://evil.example NAME-TEXT',
      subject: 'Cheap pills SUBJECT-TEXT',
      message: 'Click https://phish.example/login MESSAGE-TEXT',
    });
    const { raw, parsed } = await acknowledgementOf(started);
    for (const typed of [
      'NAME-TEXT',
      'evil.example',
      'Win big',
      'SUBJECT-TEXT',
      'Cheap pills',
      'MESSAGE-TEXT',
      'phish',
    ])
      expect(raw, typed).not.toContain(typed);
    expect(parsed.to).toMatchObject({ value: [{ name: '', address: 'jane@example.com' }] });
  });

  it('is an automatic reply by RFC 3834, threaded under the conversation, answered to its signed address', async () => {
    const started = await start();
    const id = idOf(await sendMessage(started.app, validMessage));
    const { parsed } = await acknowledgementOf(started);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-replied');
    expect(parsed.headers.get('x-auto-response-suppress')).toBe('All');
    expect(parsed.messageId).toBe(`<acknowledgement-${id}@test.example>`);
    expect(parsed.inReplyTo).toBe(`<message-${id}@test.example>`);
    expect(parsed.references).toBe(`<message-${id}@test.example>`);
    const replyTo = parsed.replyTo!.value[0]!.address!;
    expect(conversationOf(replyTo, SECRET)).toBe(id);
  });

  it("files the visitor's answer to it in the conversation, read from a real IMAP mailbox", async () => {
    const { app, storage, dovecot, smtp } = await mailboxApp(settings);
    const id = idOf(await sendMessage(app, validMessage));
    await poll(async () => smtp.mails.filter((mail) => mail.to.includes('jane@example.com')).length).toBe(1);
    const acknowledgement = await simpleParser(
      smtp.mails.find((mail) => mail.to.includes('jane@example.com'))!.raw,
    );
    // As Jane's mail client answers it: to its Reply-To, citing it.
    await dovecot.deliver(
      await mailWithFiles({
        from: 'Jane Doe <jane@example.com>',
        to: acknowledgement.replyTo!.text,
        subject: `Re: ${acknowledgement.subject}`,
        messageId: '<jane-answer-1@example.com>',
        inReplyTo: acknowledgement.messageId,
        references: [...[acknowledgement.references ?? []].flat(), acknowledgement.messageId!],
        text: 'One more thing: we need it in Greek too.',
      }),
    );
    await poll(async () => readRows(storage, 'select message_id, body from inbound_mails')).toEqual([
      { message_id: id, body: expect.stringContaining('we need it in Greek too') },
    ]);
    expect(await readRows(storage, 'select id from messages')).toEqual([{ id }]);
  });

  it('goes to an address once a day: two messages, one mail; a day later, another', async () => {
    const started = await start();
    const first = idOf(await sendMessage(started.app, validMessage));
    const second = idOf(await sendMessage(started.app, { ...validMessage, subject: 'Again' }));
    const other = idOf(await sendMessage(started.app, { ...validMessage, email: 'ben@example.com' }));
    expect(await acknowledgementsIn(started.storage)).toEqual([first, other]);
    expect(second).not.toBe(first);

    // The day passes: the address's last acknowledgement is 24 hours old.
    await writeRows(
      started.storage,
      'update acknowledged_senders set acknowledged_at = ?',
      new Date(Date.now() - 24 * 3_600_000).toISOString(),
    );
    const later = idOf(await sendMessage(started.app, validMessage));
    expect(await acknowledgementsIn(started.storage)).toEqual([first, other, later]);
    await expect.poll(async () => (await mailsTo(started, 'jane@example.com')).length).toBe(2);
  });

  it('forgets an address it acknowledged when the person is erased, and any other a day on', async () => {
    const started = await start();
    await sendMessage(started.app, validMessage);
    await sendMessage(started.app, { ...validMessage, email: 'ben@example.com' });
    const keys = () => readRows(started.storage, 'select sender_key from acknowledged_senders');
    expect(await keys()).toHaveLength(2);

    const db = await openStorageDatabase(started.storage);
    await dataSubjects(db, started.storage.dataDir, () => SECRET).erase(validMessage.email);
    expect(await keys()).toHaveLength(1);

    // A day on, the next retention run (one runs as a server starts) forgets Ben's too.
    await writeRows(
      started.storage,
      'update acknowledged_senders set acknowledged_at = ?',
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
    );
    await start({ SMTP_URL: started.smtp.url }, started.storage);
    await expect.poll(async () => (await keys()).length).toBe(0);
  });

  it('goes once to an address written to through two instances at the same moment', async () => {
    const one = await start();
    const two = await start({ SMTP_URL: one.smtp.url }, one.storage);
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, n) => sendMessage(n % 2 ? two.app : one.app, validMessage)),
    );
    expect(sent.map((response) => response.statusCode)).toEqual(Array(6).fill(201));
    expect(await acknowledgementsIn(one.storage)).toHaveLength(1);
  });

  it('is not sent for spam, for possibly spam, nor to an address no person reads', async () => {
    const started = await start({ SPAM_THRESHOLD: '10', SPAM_POSSIBLY_THRESHOLD: '0.1' });
    const spam = await sendMessage(started.app, {
      ...validMessage,
      email: 'spam@example.com',
      website: 'https://seo.example',
    });
    const doubtful = await sendMessage(started.app, {
      ...validMessage,
      email: 'quote@mailinator.com',
      message: 'Hello, [b]please[/b] send a quote, details at https://bit.ly/3xYz',
    });
    for (const response of [spam, doubtful]) expect(response.statusCode).toBe(201);
    for (const email of ['noreply@example.com', 'MAILER-DAEMON@example.com', 'list-request@example.com'])
      expect((await sendMessage(started.app, { ...validMessage, email })).statusCode).toBe(201);
    const verdicts = await readRows(started.storage, 'select email, spam_verdict from messages order by seq');
    expect(verdicts).toEqual([
      { email: 'spam@example.com', spam_verdict: 'spam' },
      { email: 'quote@mailinator.com', spam_verdict: 'possibly-spam' },
      { email: 'noreply@example.com', spam_verdict: 'not-spam' },
      { email: 'mailer-daemon@example.com', spam_verdict: 'not-spam' },
      { email: 'list-request@example.com', spam_verdict: 'not-spam' },
    ]);
    const kinds = await settledKinds(started.storage);
    expect(kinds.filter((row) => row.kind === 'notification')).toHaveLength(4);
    expect(kinds.filter((row) => row.kind === 'acknowledgement')).toEqual([]);
  });

  it('is not sent when ACKNOWLEDGEMENT_MAIL is off', async () => {
    const started = await start({ ACKNOWLEDGEMENT_MAIL: 'off' });
    await sendMessage(started.app, validMessage);
    expect((await settledKinds(started.storage)).map((row) => row.kind)).toEqual(['notification']);
    expect(await mailsTo(started, 'jane@example.com')).toEqual([]);
  });
});
