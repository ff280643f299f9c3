import { readdirSync, readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { queuesSettled } from '../test/settled-queues.js';
import { readRows } from '../test/stored-rows.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { startTestSmtpSink } from '@site/testing/per-test';
import type { TestStorage } from '../test/test-storage.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import { freePort } from '@site/testing/ports';

const fastRetries = { OUTBOX_RETRY_FIRST_MS: '50', OUTBOX_RETRY_MAX_MS: '200', OUTBOX_POLL_MS: '20' };

async function start(settings: Record<string, string>, site = writeTestSite(), storage?: TestStorage) {
  return buildTestApp({ CONTACT_RATE_PER_MINUTE: '1000', ...settings }, site, {}, storage);
}

const outboxRows = (storage: TestStorage) => readRows(storage, 'select * from outbox order by seq');
const firstOutboxRow = async (storage: TestStorage) => (await outboxRows(storage))[0];

/** Waits (up to 5 s) until `check` holds. */
const until = (check: () => Promise<boolean>) =>
  expect.poll(check, { timeout: 5000, interval: 20 }).toBe(true);

const idOf = async (response: Awaited<ReturnType<typeof sendMessage>>) => response.json<{ id: string }>().id;

describe('notifying the company of each message', () => {
  it('sends an e-mail to NOTIFY_TO with Reply-To the visitor, every field in text and escaped HTML', async () => {
    const smtp = await startTestSmtpSink();
    const { app, storage } = await start({
      SMTP_URL: smtp.url,
      NOTIFY_TO: 'sales@test.example, ops@test.example',
      MAIL_FROM: 'website@test.example',
      // Its markup would make it possibly spam (spam-verdicts.test.ts): here only the fields count.
      SPAM_POSSIBLY_THRESHOLD: '100',
    });
    const body = {
      ...validMessage,
      name: 'Jane <b>Doe</b>',
      message: 'Hi <script>alert(1)</script>\nLine two',
      marketingConsent: true,
    };
    const response = await sendMessage(app, body);
    expect(response.statusCode).toBe(201);
    const id = await idOf(response);
    const mails = await smtp.waitForMails(2);
    const mail = mails.find((received) => received.to.includes('sales@test.example'));
    expect(mail!.from).toBe('website@test.example');
    expect(mail!.to).toEqual(['sales@test.example', 'ops@test.example']);

    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe('[Test Company] Pricing');
    expect(parsed.replyTo?.value).toEqual([{ name: 'Jane <b>Doe</b>', address: 'jane@example.com' }]);
    expect(parsed.messageId).toBe(`<contact-${id}@test.example>`);
    for (const expected of [
      'Jane <b>Doe</b>',
      'jane@example.com',
      'Pricing',
      'Asked for news and offers; listed only once the address confirms',
      'Test Company',
      id,
      'Line two',
    ]) {
      expect(parsed.text, expected).toContain(expected);
    }
    expect(parsed.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(parsed.html).not.toContain('<script>');
    expect(parsed.html).toContain('Jane &#60;b&#62;Doe&#60;/b&#62;');
    await until(async () => (await firstOutboxRow(storage))?.status === 'sent');
    expect(await firstOutboxRow(storage)).toMatchObject({
      kind: 'notification',
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
  });

  it('line breaks in the name or subject never add a header', async () => {
    const smtp = await startTestSmtpSink();
    const { app } = await start({ SMTP_URL: smtp.url });
    await sendMessage(app, {
      ...validMessage,
      name: 'Eve\r\nBcc: victim@example.com',
      subject: 'Hello\r\nX-Injected: yes\nCc: other@example.com',
    });
    const [mail] = await smtp.waitForMails(1);
    const headerBlock = mail!.raw.split('\r\n\r\n')[0]!;
    expect(headerBlock).not.toMatch(/^(Bcc|Cc|X-Injected):/im);
    expect(mail!.to).toEqual(['support@test.example']);
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe('[Test Company] Hello X-Injected: yes Cc: other@example.com');
  });

  it('direction overrides, isolates, marks and line separators never reach the Reply-To name or the Subject', async () => {
    const smtp = await startTestSmtpSink();
    const { app } = await start({
      SMTP_URL: smtp.url,
      // Its hidden characters would make it possibly spam: here only the headers count.
      SPAM_POSSIBLY_THRESHOLD: '100',
    });
    const hidden = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u2028',
      '\u2029',
      '\u0085',
      '\u0007',
    ];
    // Shown as "Invoice paid.pdf.exe" reversed, or as a name that seems to end the header.
    const spoof = (text: string) => `${text}${hidden.join('')}\u202Efdp.exe\u202C\u2066x\u2069`;
    expect(
      (await sendMessage(app, { ...validMessage, name: spoof('Eve'), subject: spoof('Invoice') })).statusCode,
    ).toBe(201);
    const [mail] = await smtp.waitForMails(1);
    const parsed = await simpleParser(mail!.raw);
    const headers = [parsed.subject ?? '', parsed.replyTo?.value[0]?.name ?? '', parsed.replyTo?.text ?? ''];
    for (const header of headers) {
      for (const char of hidden) expect(header, `U+${char.codePointAt(0)!.toString(16)}`).not.toContain(char);
    }
    expect(parsed.subject).toBe('[Test Company] Invoice fdp.exex');
    expect(parsed.replyTo?.value).toEqual([{ name: 'Eve fdp.exex', address: 'jane@example.com' }]);
  });

  it('never notifies about a message caught by the honeypot', async () => {
    const smtp = await startTestSmtpSink();
    const { app, storage } = await start({ SMTP_URL: smtp.url });
    expect((await sendMessage(app, { ...validMessage, website: 'spam.example' })).statusCode).toBe(201);
    await sendMessage(app);
    await smtp.waitForMails(1);
    await queuesSettled(storage, 'outbox');
    expect(smtp.mails).toHaveLength(1);
    expect(await outboxRows(storage)).toHaveLength(1);
  });

  it('a burst of messages is notified in parallel, not one slow mail after another', async () => {
    const answerDelayMs = 400;
    const smtp = await startTestSmtpSink(0, answerDelayMs);
    const { app } = await start({ SMTP_URL: smtp.url });
    await Promise.all(Array.from({ length: 5 }, () => sendMessage(app)));
    const mails = await smtp.waitForMails(5);
    const times = mails.map((mail) => mail.at);
    // One after another, the last would arrive at least 4 answer delays after the first.
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(2 * answerDelayMs);
  });

  it('retries while SMTP refuses, and delivers once after a restart when it is back', async () => {
    const port = await freePort();
    const site = writeTestSite();
    const first = await start({ SMTP_URL: `smtp://127.0.0.1:${port}`, ...fastRetries }, site);
    const id = await idOf(await sendMessage(first.app));
    await until(async () => Number((await firstOutboxRow(first.storage))?.attempts) >= 2);
    const pending = (await firstOutboxRow(first.storage))!;
    expect(pending.status).toBe('pending');
    expect(String(pending.last_error)).toMatch(/ECONNREFUSED|connect/i);
    await first.app.close();

    const smtp = await startTestSmtpSink(port);
    const second = await start({ SMTP_URL: smtp.url, ...fastRetries }, site, first.storage);
    const [mail] = await smtp.waitForMails(1);
    expect((await simpleParser(mail!.raw)).messageId).toBe(`<contact-${id}@test.example>`);
    await until(async () => (await firstOutboxRow(second.storage))?.status === 'sent');
    // A later message is notified by a later round of the worker, which sends the first one no second time.
    const later = await idOf(await sendMessage(second.app));
    await smtp.waitForMails(2);
    await queuesSettled(second.storage, 'outbox');
    const notified = await Promise.all(
      smtp.mails.map(async (each) => (await simpleParser(each.raw)).messageId),
    );
    expect(notified).toEqual([`<contact-${id}@test.example>`, `<contact-${later}@test.example>`]);
  });

  it('gives up after the last attempt: the notification is marked failed, never deleted', async () => {
    const port = await freePort();
    const { app, storage } = await start({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      OUTBOX_MAX_ATTEMPTS: '2',
      ...fastRetries,
    });
    await sendMessage(app);
    await until(async () => (await firstOutboxRow(storage))?.status === 'failed');
    expect(await firstOutboxRow(storage)).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: expect.any(String),
    });
  });

  it("logs no address a mail server's refusal names, and keeps its whole text with the mail", async () => {
    const smtp = await startTestSmtpSink();
    smtp.refused.add(validMessage.email);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app, storage } = await buildTestApp(
      { SMTP_URL: smtp.url, OUTBOX_MAX_ATTEMPTS: '1' },
      writeTestSite(),
      { logger: { level: 'trace', stream } },
    );
    // Its confirmation link goes to the visitor's address, which the mail server refuses.
    await sendMessage(app, { ...validMessage, marketingConsent: true });
    const confirmation = async () => (await outboxRows(storage)).find((row) => row.kind === 'confirmation');
    await until(async () => (await confirmation())?.status === 'failed');
    expect((await confirmation())!.last_error).toMatch(
      /550 5\.1\.1 <jane@example\.com>: Mailbox unavailable/,
    );
    const failed = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'mail failed');
    expect(failed.reason).toMatch(/550 5\.1\.1 <\[address\]>: Mailbox unavailable/);
    expect(lines.join('')).not.toContain(validMessage.email);
  });

  it('without SMTP_URL writes the notification as an .eml file that parses', async () => {
    const { app, dataDir } = await start({});
    const id = await idOf(await sendMessage(app));
    const mailDir = join(dataDir, 'mail');
    await until(async () => {
      try {
        return readdirSync(mailDir).some((name) => name.endsWith('.eml'));
      } catch {
        return false;
      }
    });
    const [file] = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    const parsed = await simpleParser(readFileSync(join(mailDir, file!)));
    expect(parsed.subject).toBe('[Test Company] Pricing');
    expect(parsed.messageId).toBe(`<contact-${id}@test.example>`);
    expect(parsed.text).toContain('Hello there');
  });
});
