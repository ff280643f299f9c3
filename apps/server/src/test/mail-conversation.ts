import { adminApiPaths, type Answer, type FirstResponse } from '@site/api-contract';
import { startTestDovecot, startTestSmtpSink } from '@site/testing/per-test';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { expect } from 'vitest';
import { type AdminBrowser, signedInOperator } from './admin-client.js';
import { sendMessage, validMessage } from './send-message.js';
import { readRows } from './stored-rows.js';
import { buildTestApp, writeTestSite } from './test-app.js';
import type { TestStorage } from './test-storage.js';

export const messagePath = (id: string) => `${adminApiPaths.messages}/${id}`;

/** An answer as the inbox reads it, in a thread whose processing is not restricted (its text shown). */
export type OpenedAnswer = Omit<Answer, 'text'> & { text: string };
type Opened = {
  message: { status: string; firstResponse: FirstResponse | null };
  thread: { answers: OpenedAnswer[] };
  openGrant: string;
};

/**
 * Waits for what a mailbox read brings. The reader reads when IDLE announces a mail and when an erasure
 * queues copies to delete, not only at its poll: the tests keep the product's 30 s poll, so a read that
 * waited for it would run out of this time.
 */
export const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 8000, interval: 50 });

/** A mail as a visitor's mail client sends it. */
export const mailFrom = (headers: Record<string, string>, text: string) =>
  `${Object.entries({
    Date: new Date().toUTCString(),
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...headers,
  })
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n')}\r\n\r\n${text}\r\n`;

/** A mail with files, built as a mail client builds one. */
export const mailWithFiles = async (options: Parameters<ReturnType<typeof createTransport>['sendMail']>[0]) =>
  (await createTransport({ streamTransport: true, buffer: true }).sendMail(options)).message as Buffer;

/** The message as an operator opens it in the inbox. */
export const openMessage = async (browser: AdminBrowser, id: string) =>
  (await browser.get(messagePath(id))).json<Opened>();

/**
 * An app reading a fresh Dovecot mailbox and mailing a fresh SMTP sink, with the product's polls: what
 * queues a mail wakes the outbox, and a mail's arrival or an erasure the reader (decision 078). On a
 * fresh database, or on `storage` a test filled before the app starts.
 */
export async function mailboxApp(settings: Record<string, string> = {}, storage?: TestStorage) {
  const dovecot = await startTestDovecot();
  const smtp = await startTestSmtpSink();
  const built = await buildTestApp(
    { SMTP_URL: smtp.url, IMAP_URL: dovecot.url, ...settings },
    writeTestSite(),
    {},
    storage,
  );
  return { ...built, dovecot, smtp };
}

/** An app reading a real IMAP mailbox, mailing a real SMTP sink; a visitor's message, answered by Anna. */
export async function answeredConversation(settings: Record<string, string> = {}) {
  const site = await mailboxApp(settings);
  const { app, storage, smtp } = site;
  const id = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  const sent = await anna.post(`${messagePath(id)}/replies`, { text: 'It is 20 a month.', basedOn: 0 });
  expect(sent.statusCode, sent.body).toBe(201);
  const toVisitor = () => smtp.mails.filter((mail) => mail.to.includes('jane@example.com'));
  await poll(async () => toVisitor().length).toBe(1);
  const reply = await simpleParser(toVisitor()[0]!.raw);
  const replyTo = reply.replyTo!.value[0]!.address!;
  return { ...site, id, anna, reply, replyTo };
}

/**
 * Jane's message answered by Anna, with Ben signed in too. `answer` delivers a mail from Jane to the
 * mailbox, as her mail client answers Anna's reply, and waits until the app has filed it.
 */
export async function answeredByMail(settings: Record<string, string> = {}) {
  const conversation = await answeredConversation(settings);
  const { app, storage, dovecot, reply } = conversation;
  const ben = await signedInOperator(app, storage, 'ben@example.com');
  let answers = 0;

  async function answer(text: string, files: { filename: string; content: string }[] = []) {
    answers += 1;
    const filed = answers;
    await dovecot.deliver(
      await mailWithFiles({
        from: 'Jane Doe <jane@example.com>',
        to: reply.replyTo!.text,
        subject: 'Re: Pricing',
        messageId: `<jane-${filed}@example.com>`,
        inReplyTo: reply.messageId,
        text,
        attachments: files,
      }),
    );
    await poll(async () => (await readRows(storage, 'select seq from inbound_mails')).length).toBe(filed);
  }
  return { ...conversation, ben, answer };
}
