import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { mailboxApp } from '../test/mail-conversation.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 8000, interval: 50 });

/** A new mail to the company's mailbox, as a mail client sends it. */
const mailFrom = (from: string, subject: string) =>
  [
    `From: ${from}`,
    'To: support@test.example',
    `Subject: ${subject}`,
    `Message-ID: <${subject.replace(/\W/g, '')}@sender.example>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `About ${subject}.`,
    '',
  ].join('\r\n');

/**
 * Senders whose address the contact form would refuse, as their mail clients write them, and how an
 * operator might type each for a privacy request: Unicode or punycode domain, quotes, another case.
 */
const senders = [
  {
    from: '"John Smith" <"john smith"@example.org>',
    subject: 'Quoted local part',
    stored: '"john smith"@example.org',
    typed: ['"John Smith"@Example.org', '"john\\ smith"@example.org'],
  },
  {
    from: 'Anna <anna@xn--bcher-kva.example>',
    subject: 'German IDN',
    stored: 'anna@xn--bcher-kva.example',
    typed: ['anna@bücher.example', 'anna@xn--bcher-kva.example'],
  },
  {
    from: 'Γραφείο <info@xn--hxakic4aa.gr>',
    subject: 'Greek IDN',
    stored: 'info@xn--hxakic4aa.gr',
    typed: ['Info@ελλάδα.gr', 'INFO@XN--HXAKIC4AA.GR'],
  },
  {
    from: 'user@[192.0.2.1]',
    subject: 'Address literal',
    stored: 'user@[192.0.2.1]',
    typed: ['User@[192.0.2.1]', ' user@[192.0.2.1] '],
  },
];

/**
 * An app reading a real IMAP mailbox (imported mails moved to `Imported`) and mailing a real SMTP sink.
 * It reads every second: an erasure on the command line, another process, is read at the next poll.
 */
async function movingMailboxApp() {
  const site = await mailboxApp({ IMAP_MOVE_TO: 'Imported', IMAP_POLL_MS: '1000' });
  const anna = await signedInOperator(site.app, site.storage, 'anna@example.com');
  return { ...site, anna };
}

/** Delivers mails from the senders and waits until each is a message of its own. */
async function importFrom(setup: Awaited<ReturnType<typeof mailboxApp>>, from: typeof senders) {
  await setup.dovecot.deliver(from.map((sender) => mailFrom(sender.from, sender.subject)));
  await poll(async () => (await setup.dovecot.list('Imported')).length).toBe(from.length);
  return readRows(
    setup.storage,
    "select id, email, subject from messages where source = 'email' order by seq",
  );
}

describe('senders the form would refuse', { timeout: 30_000 }, () => {
  it('are stored in one normal form and found and erased by any form a person would type, in the inbox and the CLI', async () => {
    const setup = await movingMailboxApp();
    const { storage, anna, dovecot } = setup;
    expect(await importFrom(setup, senders)).toEqual(
      senders.map((sender) => ({ id: expect.any(String), email: sender.stored, subject: sender.subject })),
    );

    for (const sender of senders) {
      const [inInbox, inCli] = sender.typed;
      const access = await anna.post(adminApiPaths.subjectAccess, { email: inInbox });
      expect(access.statusCode, `${inInbox}: ${access.body}`).toBe(200);
      expect(access.json().messages.map((m: { subject: string }) => m.subject)).toEqual([sender.subject]);
      const report = await messagesInProcess(storage, 'subject-access', '--email', inCli!);
      expect(report.code, `${inCli}: ${report.err}`).toBe(0);
      expect(JSON.parse(report.out).messages.map((m: { subject: string }) => m.subject)).toEqual([
        sender.subject,
      ]);
    }

    const [quoted, german, greek, literal] = senders as [
      (typeof senders)[0],
      (typeof senders)[0],
      (typeof senders)[0],
      (typeof senders)[0],
    ];
    expect((await anna.post(adminApiPaths.restrictSubject, { email: german.typed[0] })).json()).toEqual({
      messages: 1,
    });
    expect((await messagesInProcess(storage, 'restrict', '--email', greek.typed[0]!)).out).toBe(
      '1 message(s) restricted',
    );
    expect((await anna.post(adminApiPaths.optOutSubject, { email: greek.typed[0] })).statusCode).toBe(200);
    expect((await messagesInProcess(storage, 'opt-out', '--email', quoted.typed[1]!)).code).toBe(0);
    expect(await readRows(storage, 'select email from suppressions order by email')).toEqual([
      { email: quoted.stored },
      { email: greek.stored },
    ]);

    const erased = await anna.post(adminApiPaths.eraseSubject, { email: german.typed[0] });
    expect(erased.json()).toMatchObject({ messages: 1 });
    expect((await anna.post(adminApiPaths.eraseSubject, { email: quoted.typed[0] })).json()).toMatchObject({
      messages: 1,
    });
    expect((await messagesInProcess(storage, 'erase', '--email', greek.typed[0]!)).out).toMatch(
      /^1 message\(s\)/,
    );
    expect((await messagesInProcess(storage, 'erase', '--email', literal.typed[1]!)).out).toMatch(
      /^1 message\(s\)/,
    );
    expect(await readRows(storage, 'select email from messages')).toEqual([]);
    expect(await readRows(storage, 'select email from suppressions')).toEqual([]);
    await poll(async () => dovecot.list('Imported')).toEqual([]);
  });

  it('refuses a privacy request for what is no address at all, in the inbox and the CLI', async () => {
    const { storage, anna } = await movingMailboxApp();
    for (const email of ['john smith@example.org', 'anna@', '"unclosed@example.org', 'user@[192.0.2.1'])
      expect((await anna.post(adminApiPaths.eraseSubject, { email })).statusCode, email).toBe(400);
    const refused = await messagesInProcess(storage, 'erase', '--email', 'anna@bücher example');
    expect(refused.code).toBe(2);
  });
});

describe('replies to senders the form would refuse', { timeout: 30_000 }, () => {
  it('are refused with a 409 and nothing mailed; a punycode sender is answered', async () => {
    const setup = await movingMailboxApp();
    const { anna, smtp } = setup;
    const [german, literal] = [senders[1]!, senders[3]!];
    const [toGerman, toLiteral] = (await importFrom(setup, [german, literal])) as { id: string }[];

    const opened = await anna.get(`${adminApiPaths.messages}/${toLiteral!.id}`);
    expect(opened.json().message).toMatchObject({ email: literal.stored, replyByMail: false });
    const refused = await anna.post(`${adminApiPaths.messages}/${toLiteral!.id}/replies`, {
      text: 'Thanks, we will call you.',
      basedOn: 0,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: apiErrorCodes.addressNotMailable,
      message: expect.stringContaining('user@[192.0.2.1]'),
    });
    expect((await anna.get(`${adminApiPaths.messages}/${toLiteral!.id}`)).json().thread.replies).toEqual([]);

    expect((await anna.get(`${adminApiPaths.messages}/${toGerman!.id}`)).json().message.replyByMail).toBe(
      true,
    );
    const answered = await anna.post(`${adminApiPaths.messages}/${toGerman!.id}/replies`, {
      text: 'Gern.',
      basedOn: 0,
    });
    expect(answered.statusCode).toBe(201);
    // The sink (smtp-server) gives the envelope's domain back in Unicode.
    await poll(async () =>
      smtp.mails.filter((mail) => mail.raw.includes('Gern.')).map((mail) => mail.to),
    ).toEqual([['anna@bücher.example']]);
    expect(smtp.mails.filter((mail) => mail.to.some((to) => to.includes('192.0.2.1')))).toEqual([]);
  });

  it('the forms refuse an internal name or an address literal, which a reply would carry inward', async () => {
    const { app } = await buildTestApp();
    for (const email of ['root@localhost', 'user@10.0.0.5', 'user@[10.0.0.5]', 'admin@nas.internal'])
      expect((await sendMessage(app, { ...validMessage, email })).statusCode, email).toBe(400);
  });
});
