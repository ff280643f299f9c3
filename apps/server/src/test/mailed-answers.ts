import { adminApiPaths } from '@site/api-contract';
import { startTestDovecot, startTestSmtpSink } from '@site/testing/per-test';
import { simpleParser } from 'mailparser';
import { createTransport } from 'nodemailer';
import { expect } from 'vitest';
import { signedInOperator } from './admin-client.js';
import { sendMessage, validMessage } from './send-message.js';
import { readRows } from './stored-rows.js';
import { buildTestApp } from './test-app.js';

export const messagePath = (id: string) => `${adminApiPaths.messages}/${id}`;

/**
 * Jane's message answered by Anna, on an app that reads a real IMAP mailbox and mails a real SMTP sink;
 * Ben is signed in too. `answer` delivers a mail from Jane to the mailbox, as her mail client answers
 * Anna's reply, and waits until the app has filed it.
 */
export async function answeredByMail(settings: Record<string, string> = {}) {
  const dovecot = await startTestDovecot();
  const smtp = await startTestSmtpSink();
  const { app, storage } = await buildTestApp({
    SMTP_URL: smtp.url,
    IMAP_URL: dovecot.url,
    IMAP_POLL_MS: '1000',
    OUTBOX_POLL_MS: '50',
    ...settings,
  });
  const id = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  const ben = await signedInOperator(app, storage, 'ben@example.com');
  const sent = await anna.post(`${messagePath(id)}/replies`, { text: 'It is 20 a month.', basedOn: 0 });
  expect(sent.statusCode, sent.body).toBe(201);
  const toJane = () => smtp.mails.filter((mail) => mail.to.includes('jane@example.com'));
  await expect.poll(() => toJane().length, { timeout: 5000, interval: 20 }).toBe(1);
  const reply = await simpleParser(toJane()[0]!.raw);
  let answers = 0;

  async function answer(text: string, files: { filename: string; content: string }[] = []) {
    answers += 1;
    const { message } = await createTransport({ streamTransport: true, buffer: true }).sendMail({
      from: 'Jane Doe <jane@example.com>',
      to: reply.replyTo!.text,
      subject: 'Re: Pricing',
      messageId: `<jane-${answers}@example.com>`,
      inReplyTo: reply.messageId,
      text,
      attachments: files,
    });
    await dovecot.deliver(message as Buffer);
    const filed = answers;
    await expect
      .poll(async () => (await readRows(storage, 'select seq from inbound_mails')).length, {
        timeout: 8000,
        interval: 50,
      })
      .toBe(filed);
  }
  return { app, storage, smtp, id, anna, ben, answer };
}
