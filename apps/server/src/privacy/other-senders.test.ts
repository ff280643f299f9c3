import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiPaths } from '@site/api-contract';
import { startTestDovecot } from '@site/testing/per-test';
import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { conversationAddress } from '../conversations/conversation-address.js';
import { signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 8000, interval: 50 });

const JANE = validMessage.email;
/** A colleague of Jane's on copy, who answers in her conversation. */
const KOSTAS = 'kostas@work.example';

const APP_SECRET = 'other-senders-test-secret-0123456789abcdef';

/** A mail answering the conversation of message `id` (to its signed address), with a file. */
const answer = async (id: string, from: string, text: string, file: string) =>
  (
    await createTransport({ streamTransport: true, buffer: true }).sendMail({
      from,
      to: conversationAddress('support@test.example', id, APP_SECRET),
      subject: 'Re: Pricing',
      messageId: `<${file}@sender.example>`,
      text,
      attachments: [{ filename: file, content: `The file ${file}.` }],
    })
  ).message as Buffer;

/**
 * Jane's message, answered by mail by Jane and by Kostas, each answer with a file, imported from a real
 * mailbox and moved to `Imported`; the company's notices of the answers written as .eml files.
 */
async function conversationWithTwoSenders() {
  const dovecot = await startTestDovecot();
  const { app, storage, dataDir } = await buildTestApp({
    IMAP_URL: dovecot.url,
    IMAP_MOVE_TO: 'Imported',
    APP_SECRET,
  });
  const id = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
  await dovecot.deliver([
    await answer(id, `Jane Doe <${JANE}>`, 'JANE-ANSWER: yes, ten people.', 'jane-list.txt'),
    await answer(id, `Kostas <${KOSTAS}>`, 'KOSTAS-ANSWER: and my budget is 5000.', 'kostas-budget.txt'),
  ]);
  await poll(async () => (await dovecot.list('Imported')).length).toBe(2);
  const notices = () => readdirSync(join(dataDir, 'mail')).filter((name) => name.startsWith('answer-'));
  await poll(async () => notices().length).toBe(2);
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  return { dovecot, storage, id, anna, notices };
}

type Report = {
  answers: { seq: number; message_id: string; from_address: string; body: string }[];
  attachments: { file_name: string; content_base64: string }[];
  notificationFiles: string[];
};

/** The answer an answer notice's file tells of: its seq. */
const noticeSeq = (path: string) => Number(/answer-[\da-f-]+\.(\d+)@/.exec(path)?.[1]);

describe("answers by mail in someone else's conversation", { timeout: 30_000 }, () => {
  it("are in their sender's access report, and not in the conversation owner's", async () => {
    const { id, anna, storage } = await conversationWithTwoSenders();
    const kostas = (await anna.post(adminApiPaths.subjectAccess, { email: KOSTAS })).json<Report>();
    expect(kostas.answers).toEqual([
      expect.objectContaining({
        message_id: id,
        from_address: KOSTAS,
        body: 'KOSTAS-ANSWER: and my budget is 5000.',
      }),
    ]);
    expect(kostas.attachments.map((file) => file.file_name)).toEqual(['kostas-budget.txt']);
    expect(kostas.notificationFiles.map(noticeSeq)).toEqual([kostas.answers[0]!.seq]);
    const fromCli = JSON.parse(
      (await messagesInProcess(storage, 'subject-access', '--email', KOSTAS)).out,
    ) as Report;
    expect(fromCli.answers.map((row) => row.body)).toEqual(['KOSTAS-ANSWER: and my budget is 5000.']);

    const janeResponse = await anna.post(adminApiPaths.subjectAccess, { email: JANE });
    const jane = janeResponse.json<Report>();
    expect(jane.answers.map((row) => row.body)).toEqual(['JANE-ANSWER: yes, ten people.']);
    expect(jane.attachments.map((file) => file.file_name)).toEqual(['jane-list.txt']);
    // The notices of her answer are listed, not that of Kostas's.
    expect(jane.notificationFiles.filter((path) => path.includes('/answer-')).map(noticeSeq)).toEqual([
      jane.answers[0]!.seq,
    ]);
    expect(janeResponse.body).not.toMatch(/KOSTAS|kostas/i);
  });

  it("are erased with their sender: rows, files, the company's notice and the moved copy; the owner's stay", async () => {
    const { dovecot, storage, id, anna, notices } = await conversationWithTwoSenders();
    const [kostasSeq] = (await readRows(
      storage,
      'select seq from inbound_mails where from_address = ?',
      KOSTAS,
    )) as [{ seq: number }];
    const erased = await anna.post(adminApiPaths.eraseSubject, { email: KOSTAS });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ messages: 0, answers: 1, notificationFiles: 1 });

    expect(await readRows(storage, 'select from_address from inbound_mails')).toEqual([
      { from_address: JANE },
    ]);
    expect(await readRows(storage, 'select file_name from attachments')).toEqual([
      { file_name: 'jane-list.txt' },
    ]);
    expect(await readRows(storage, 'select seq from outbox where inbound_seq = ?', kostasSeq.seq)).toEqual(
      [],
    );
    expect(notices()).toEqual([expect.stringMatching(new RegExp(`^answer-${id}\\.\\d+@`))]);
    expect(notices()[0]).not.toContain(`.${kostasSeq.seq}@`);
    await poll(async () => (await dovecot.list('Imported')).map((mail) => mail.messageId)).toEqual([
      '<jane-list.txt@sender.example>',
    ]);
    const opened = (await anna.get(`${adminApiPaths.messages}/${id}`)).json();
    expect(opened.thread.answers.map((row: { text: string }) => row.text)).toEqual([
      'JANE-ANSWER: yes, ten people.',
    ]);
    expect((await messagesInProcess(storage, 'erase', '--email', KOSTAS)).out).toBe(
      '0 message(s), 0 answer(s) by mail and 0 notification file(s) erased',
    );
  });
});
