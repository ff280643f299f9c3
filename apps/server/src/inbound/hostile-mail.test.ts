import { adminApiPaths, type MessageSummary } from '@site/api-contract';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../test/admin-client.js';
import {
  answeredConversation,
  mailboxApp,
  mailFrom,
  mailWithFiles,
  openMessage,
  poll,
} from '../test/mail-conversation.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';

/** 1,000 empty parts in 9 KB: the parser refuses more than 999 (mailsplit's MAX_CHILD_NODES). */
const thousandParts = (from: string, messageId: string) =>
  mailFrom(
    {
      From: from,
      To: 'support@test.example',
      Subject: 'Parts',
      'Message-ID': messageId,
      'Content-Type': 'multipart/mixed; boundary="b"',
    },
    `${'--b\r\n\r\n'.repeat(1000)}--b--`,
  );

/** A header block over the parser's 1 MiB, folded as mail servers fold long headers. */
const hugeHeader = (from: string, messageId: string) =>
  mailFrom(
    {
      From: from,
      To: 'support@test.example',
      Subject: 'Header',
      'Message-ID': messageId,
      'X-Filler': Array.from({ length: 12_000 }, () => 'x'.repeat(96)).join('\r\n '),
    },
    'Body.',
  );

const plain = (from: string, subject: string, messageId: string, text = 'A question about SMS.') =>
  mailFrom({ From: from, To: 'support@test.example', Subject: subject, 'Message-ID': messageId }, text);

const subjects = async (storage: Parameters<typeof readRows>[0]) =>
  (await readRows(storage, "select subject from messages where source = 'email' order by seq")).map(
    (row) => row.subject,
  );

describe('mail nobody here wrote', { timeout: 30_000 }, () => {
  it('sets a mail the parser refuses aside and reads on: the mails after it are imported', async () => {
    const { dovecot, storage, app } = await mailboxApp();
    await dovecot.deliver([
      plain('before@example.org', 'Before', '<before@example.org>'),
      thousandParts('Mallory <mallory@example.net>', '<parts@example.net>'),
      hugeHeader('header@example.net', '<header@example.net>'),
      plain('after@example.org', 'After', '<after@example.org>'),
    ]);
    await poll(() => subjects(storage)).toEqual([
      'Before',
      'A mail that could not be read',
      'A mail that could not be read',
      'After',
    ]);
    const setAside = await readRows(
      storage,
      "select m.email, m.message, m.spam, a.file_name, a.size from messages m join attachments a on a.message_id = m.id where m.subject = 'A mail that could not be read' order by m.seq",
    );
    expect(setAside).toMatchObject([
      { email: 'mallory@example.net', spam: 0, file_name: 'mail-as-received.eml' },
      { email: 'header@example.net', spam: 0, file_name: 'mail-as-received.eml' },
    ]);
    expect(setAside[0]!.message).toMatch(/^A mail from mallory@example\.net could not be read: .*attached/);
    // Every mail handled once: flagged seen, the two set aside also flagged for a person to find.
    await poll(async () => (await dovecot.list()).map((mail) => mail.flags.sort())).toEqual([
      ['\\Seen'],
      ['$ImportFailed', '\\Seen'],
      ['$ImportFailed', '\\Seen'],
      ['\\Seen'],
    ]);
    // The operators open it and download the mail as it came.
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const [row] = await readRows(storage, "select id from messages where email = 'mallory@example.net'");
    const opened = await anna.get(`${adminApiPaths.messages}/${String(row!.id)}`);
    const file = opened.json<{ thread: { attachments: { seq: number }[] } }>().thread.attachments[0]!;
    const download = await anna.get(`${adminApiPaths.attachments}/${file.seq}`);
    expect(download.body).toContain('Message-ID: <parts@example.net>');
  });

  it('handles every mail once with IMAP_MOVE_TO: a second copy is deleted, one with no sender set aside', async () => {
    const { dovecot, storage } = await mailboxApp({ IMAP_MOVE_TO: 'Imported' });
    const copy = plain('dup@example.org', 'Twice', '<dup@example.org>');
    await dovecot.deliver(copy);
    await poll(async () => (await dovecot.list('Imported')).length).toBe(1);
    await dovecot.deliver([
      copy,
      mailFrom({ From: 'undisclosed-recipients:;', Subject: 'Nobody', 'Message-ID': '<nobody@x>' }, 'Hi'),
    ]);
    await poll(async () => (await dovecot.list('INBOX')).length).toBe(0);
    const imported = await dovecot.list('Imported');
    expect(imported.map((mail) => mail.messageId)).toEqual(['<dup@example.org>', '<nobody@x>']);
    expect(imported[1]!.flags).toContain('$ImportFailed');
    expect(await subjects(storage)).toEqual(['Twice', 'A mail that could not be read']);
    const [nobody] = await readRows(storage, "select email, message from messages where subject <> 'Twice'");
    expect(nobody).toMatchObject({ email: '', message: expect.stringContaining('it names no sender') });
  });

  it('counts mails set aside against INBOUND_DAILY_LIMIT: by their From, and those with none as one sender', async () => {
    const { dovecot, storage } = await mailboxApp({ INBOUND_DAILY_LIMIT: '2' });
    await dovecot.deliver(
      [1, 2, 3].map((n) => thousandParts('Mallory <mallory@example.net>', `<parts-${n}@example.net>`)),
    );
    // A From with no address, or none at all: no sender named, so no sender to count them by.
    await dovecot.deliver(
      [1, 2, 3].map((n) =>
        mailFrom(
          { ...(n === 2 ? {} : { From: 'undisclosed-recipients:;' }), 'Message-ID': `<nobody-${n}@x>` },
          'Hi',
        ),
      ),
    );
    await poll(async () => (await dovecot.list()).map((mail) => mail.flags.sort())).toEqual([
      ['$ImportFailed', '\\Seen'],
      ['$ImportFailed', '\\Seen'],
      ['$OverLimit', '\\Seen'],
      ['$ImportFailed', '\\Seen'],
      ['$ImportFailed', '\\Seen'],
      ['$OverLimit', '\\Seen'],
    ]);
    expect(await readRows(storage, "select email from messages where source = 'email' order by seq")).toEqual(
      [{ email: 'mallory@example.net' }, { email: 'mallory@example.net' }, { email: '' }, { email: '' }],
    );
    // Another sender is not held back by them.
    await dovecot.deliver(plain('nikos@example.org', 'Still read', '<still@example.org>'));
    await poll(() => subjects(storage)).toContain('Still read');
  });

  it('goes on reading when a folder of erased copies cannot be opened', async () => {
    const { dovecot, storage } = await mailboxApp({ IMAP_MOVE_TO: 'Imported' });
    await readRows(
      storage,
      "insert into mailbox_erasures (folder, uid_validity, uid) values ('Renamed away', '1', 1)",
    );
    await dovecot.deliver(plain('nikos@example.org', 'Still read', '<still@example.org>'));
    await poll(() => subjects(storage)).toEqual(['Still read']);
    expect(await readRows(storage, 'select folder from mailbox_erasures')).toEqual([
      { folder: 'Renamed away' },
    ]);
  });
});

describe("answers by mail, from anyone who knows a message's id", { timeout: 30_000 }, () => {
  it("threads nothing by a message id alone: a honeypot catch's id opens no conversation", async () => {
    const { dovecot, smtp, storage, app } = await mailboxApp();
    const caught = await sendMessage(app, { ...validMessage, website: 'http://bot.example' });
    const { id } = caught.json<{ id: string }>();
    await dovecot.deliver(
      mailFrom(
        {
          From: 'bot@spam.example',
          To: 'support@test.example',
          Subject: 'Re: hello',
          'Message-ID': '<flood-1@spam.example>',
          'In-Reply-To': `<message-${id}@anything.invalid>`,
          References: `<message-${id}@test.example> <reply-${id}.000000000000@test.example>`,
        },
        // An invisible character, markup and shortened links: spam from a sender nobody knows.
        '\u200bBUY NOW!!!! [url=https://bit.ly/x]cheap[/url] https://bit.ly/y https://tinyurl.com/z',
      ),
    );
    await poll(async () =>
      readRows(storage, "select email, spam from messages where source = 'email'"),
    ).toEqual([{ email: 'bot@spam.example', spam: 1 }]);
    expect(await readRows(storage, 'select seq from inbound_mails')).toEqual([]);
    expect(smtp.mails.filter((mail) => mail.raw.includes('BUY NOW'))).toEqual([]);
  });

  it('judges answers: a spam answer from an address nobody answered is kept in the thread without its files, reopens nothing and is told to nobody', async () => {
    const { dovecot, smtp, storage, id, anna, reply, replyTo } = await answeredConversation();
    await dovecot.deliver(
      await mailWithFiles({
        // The visitor answered is a known sender, never silenced (docs/spam.md): this is the reply forwarded on.
        from: 'bot@spam.example',
        to: replyTo,
        subject: 'Re: Pricing',
        inReplyTo: reply.messageId!,
        text: '\u200b[url=https://bit.ly/x]Cheap backlinks[/url] https://bit.ly/y https://tinyurl.com/z BUY NOW!!!!',
        attachments: [{ filename: 'offer.exe', content: Buffer.alloc(5_000_000, 1) }],
      }),
    );
    await poll(async () => readRows(storage, 'select spam from inbound_mails')).toEqual([{ spam: 1 }]);
    expect(await readRows(storage, 'select seq from attachments')).toEqual([]);
    const [answer] = (await openMessage(anna, id)).thread.answers;
    expect(answer!.spamVerdict).toBe('spam');
    expect(answer!.text).toContain('[Attachment left out: offer.exe, 5,000 kB: judged spam]');
    expect((await openMessage(anna, id)).message.status).toBe('answered');
    expect(smtp.mails.filter((mail) => mail.raw.includes('Answer: '))).toEqual([]);
  });

  it('labels an answer from the visitor that reads as spam possibly spam: kept with its files, reopened and told with the label', async () => {
    const { dovecot, smtp, storage, id, anna, reply, replyTo } = await answeredConversation();
    await dovecot.deliver(
      await mailWithFiles({
        // Jane was answered: a known sender is never silenced, at most possibly spam (docs/spam.md).
        from: 'jane@example.com',
        to: replyTo,
        subject: 'Re: Pricing',
        inReplyTo: reply.messageId!,
        text: '\u200b[url=https://bit.ly/x]Cheap backlinks[/url] https://bit.ly/y https://tinyurl.com/z BUY NOW!!!!',
        attachments: [{ filename: 'brief.pdf', content: Buffer.from('%PDF-1.4 brief') }],
      }),
    );
    await poll(async () => readRows(storage, 'select spam, spam_verdict from inbound_mails')).toEqual([
      { spam: 0, spam_verdict: 'possibly-spam' },
    ]);
    const opened = await openMessage(anna, id);
    expect(opened.thread.answers[0]).toMatchObject({ spamVerdict: 'possibly-spam' });
    expect(opened.thread.answers[0]!.attachments).toHaveLength(1);
    expect(opened.message.status).toBe('new');
    await poll(
      async () =>
        smtp.mails.filter((mail) =>
          mail.raw.includes('Subject: [Possibly spam] [Test Company] Answer: Pricing'),
        ).length,
    ).toBe(1);
  });

  it('tells nobody of an answer in a restricted conversation, and reopens nothing', async () => {
    const { dovecot, smtp, storage, id, anna, reply, replyTo } = await answeredConversation();
    expect((await anna.post(adminApiPaths.restrictSubject, { email: 'jane@example.com' })).statusCode).toBe(
      200,
    );
    await dovecot.deliver(
      mailFrom(
        {
          From: 'jane@example.com',
          To: replyTo,
          'In-Reply-To': reply.messageId!,
          'Message-ID': '<r@example.com>',
        },
        'My health record number is 12345.',
      ),
    );
    await poll(async () => readRows(storage, 'select body from inbound_mails')).toEqual([
      { body: 'My health record number is 12345.' },
    ]);
    expect(await readRows(storage, 'select status from messages where id = ?', id)).toEqual([
      { status: 'answered' },
    ]);
    expect(smtp.mails.filter((mail) => mail.raw.includes('12345'))).toEqual([]);
  });

  it('files at most INBOUND_DAILY_LIMIT mails a day from one sender and answers in one conversation', async () => {
    const { dovecot, storage, replyTo, anna } = await answeredConversation({ INBOUND_DAILY_LIMIT: '2' });
    await dovecot.deliver(
      [1, 2, 3].map((n) => plain('flood@example.org', `Flood ${n}`, `<flood-${n}@example.org>`)),
    );
    await dovecot.deliver(
      [1, 2, 3].map((n) =>
        mailFrom(
          { From: `colleague${n}@example.com`, To: replyTo, 'Message-ID': `<c${n}@example.com>` },
          `Answer ${n}.`,
        ),
      ),
    );
    // Each mail handled (seen), the third of each flagged; the keyword is set before \Seen, not with it.
    await poll(async () => (await dovecot.list()).map((mail) => mail.flags.sort())).toEqual(
      [1, 2].flatMap(() => [['\\Seen'], ['\\Seen'], ['$OverLimit', '\\Seen']]),
    );
    expect(await subjects(storage)).toEqual(['Flood 1', 'Flood 2']);
    expect(await readRows(storage, 'select body from inbound_mails order by seq')).toEqual([
      { body: 'Answer 1.' },
      { body: 'Answer 2.' },
    ]);
    // Erasing the sender deletes their mails from the mailbox, the one never filed too.
    expect((await anna.post(adminApiPaths.eraseSubject, { email: 'flood@example.org' })).statusCode).toBe(
      200,
    );
    await poll(
      async () => (await dovecot.list()).filter((mail) => mail.messageId?.startsWith('<flood-')).length,
    ).toBe(0);
    expect(
      await readRows(storage, 'select mail_key from imported_mails where sender_key is not null'),
    ).toHaveLength(3);
  });

  it('keeps no more files a day than INBOUND_DAILY_FILE_BYTES: later ones are named in the text', async () => {
    const { dovecot, storage } = await mailboxApp({ INBOUND_DAILY_FILE_BYTES: '3000' });
    for (const n of [1, 2])
      await dovecot.deliver(
        await mailWithFiles({
          from: `client${n}@example.org`,
          to: 'support@test.example',
          subject: `Brief ${n}`,
          messageId: `<brief-${n}@example.org>`,
          text: 'Our brief.',
          attachments: [{ filename: `brief-${n}.pdf`, content: Buffer.alloc(2000, 7) }],
        }),
      );
    await poll(() => subjects(storage)).toEqual(['Brief 1', 'Brief 2']);
    expect(await readRows(storage, 'select file_name from attachments')).toEqual([
      { file_name: 'brief-1.pdf' },
    ]);
    const [second] = await readRows(storage, "select message from messages where subject = 'Brief 2'");
    expect(second!.message).toContain(
      "[Attachment left out: brief-2.pdf, 2 kB: the day's storage for files is full]",
    );
  });

  it('labels an answer that failed DMARC as from another sender, in the inbox and the company’s notice, and shows the address beside a name with an @', async () => {
    const { dovecot, id, anna, reply, replyTo, smtp } = await answeredConversation();
    await dovecot.deliver(
      mailFrom(
        {
          'Authentication-Results':
            'mx.test.example; spf=fail smtp.mailfrom=evil.example; dmarc=fail header.from=example.com',
          From: '"jane@example.com" <jane@example.com>',
          To: replyTo,
          'In-Reply-To': reply.messageId!,
          'Message-ID': '<spoof@evil.example>',
        },
        'Please pay the invoice to this new account.',
      ),
    );
    await dovecot.deliver(
      mailFrom(
        {
          'Authentication-Results': 'mx.test.example; dmarc=pass header.from=example.net',
          From: '"Bob <bob@bank.example>" <eve@example.net>',
          To: replyTo,
          'Message-ID': '<eve@example.net>',
        },
        'Hello.',
      ),
    );
    await poll(async () => (await openMessage(anna, id)).thread.answers.length).toBe(2);
    const [spoofed, named] = (await openMessage(anna, id)).thread.answers;
    expect(spoofed).toMatchObject({ fromAddress: 'jane@example.com', otherSender: true, dmarc: 'fail' });
    expect(named).toMatchObject({ fromName: 'Bob <bob@bank.example> <eve@example.net>', otherSender: true });
    // The notice of each answer: the one in Jane's name says first that its sender is not verified.
    const notices = async () =>
      (
        await Promise.all(
          smtp.mails.filter((mail) => mail.raw.includes('Answer: ')).map((mail) => simpleParser(mail.raw)),
        )
      ).map(({ subject, text }) => ({
        subject,
        warned: text!.startsWith('Sender not verified (DMARC failed). '),
      }));
    await poll(async () => (await notices()).length).toBe(2);
    expect((await notices()).sort((a, b) => a.subject!.localeCompare(b.subject!))).toEqual([
      { subject: `[Sender not verified] [Test Company] Answer: ${validMessage.subject}`, warned: true },
      { subject: `[Test Company] Answer: ${validMessage.subject}`, warned: false },
    ]);
    // Jane's access report gives what DMARC said of the mail in her name, as the inbox does.
    const access = await anna.post(adminApiPaths.subjectAccess, { email: 'jane@example.com' });
    expect(access.json()).toMatchObject({ answers: [{ seq: spoofed!.seq, dmarc: 'fail' }] });
  });

  it('says a new message by mail failed DMARC, in the list, opened and in the company’s notification; a passing one and a form’s say so too', async () => {
    const { dovecot, storage, app, smtp } = await mailboxApp();
    const formId = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
    const mail = (result: string, messageId: string, subject: string) =>
      mailFrom(
        {
          'Authentication-Results': `mx.test.example; spf=fail smtp.mailfrom=evil.example; dmarc=${result} header.from=example.com`,
          From: 'Jane Doe <jane@example.com>',
          To: 'support@test.example',
          Subject: subject,
          'Message-ID': messageId,
        },
        'Please pay the invoice to this new account.',
      );
    await dovecot.deliver([
      mail('fail', '<spoof@evil.example>', 'New bank account'),
      mail('pass', '<real@example.com>', 'Our order'),
    ]);
    await poll(() => subjects(storage)).toEqual(['New bank account', 'Our order']);
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const listed = (await anna.get(adminApiPaths.messages)).json<{ messages: MessageSummary[] }>().messages;
    expect(listed.map(({ subject, source, dmarc }) => ({ subject, source, dmarc }))).toEqual([
      { subject: 'Our order', source: 'email', dmarc: 'pass' },
      { subject: 'New bank account', source: 'email', dmarc: 'fail' },
      { subject: validMessage.subject, source: 'form', dmarc: null },
    ]);
    const opened = await openMessage(anna, listed[1]!.id);
    expect(opened.message).toMatchObject({ email: 'jane@example.com', dmarc: 'fail' });
    expect((await openMessage(anna, formId)).message).toMatchObject({ source: 'form', dmarc: null });
    // Staff who read the notification by mail are told too, first in its subject.
    const notified = async (subject: string) => {
      const raw = smtp.mails.find((mail) => mail.raw.includes(`] ${subject}`))?.raw;
      return raw ? await simpleParser(raw) : undefined;
    };
    await poll(async () => (await notified('Our order'))?.subject).toBe('[Test Company] Our order');
    await poll(async () => (await notified('New bank account'))?.subject).toBe(
      '[Sender not verified] [Test Company] New bank account',
    );
    expect((await notified('New bank account'))!.text).toContain(
      'Sender check: Sender not verified (DMARC failed). The company’s mail server could not confirm that jane@example.com sent it.',
    );
    expect((await notified('Our order'))!.text).not.toContain('Sender check');
    // Her access report gives each message whole, with what DMARC said of those that came by mail.
    const access = await anna.post(adminApiPaths.subjectAccess, { email: 'jane@example.com' });
    expect(access.json().messages.map(({ subject, dmarc }: MessageSummary) => ({ subject, dmarc }))).toEqual([
      { subject: validMessage.subject, dmarc: null },
      { subject: 'New bank account', dmarc: 'fail' },
      { subject: 'Our order', dmarc: 'pass' },
    ]);
  });
});
