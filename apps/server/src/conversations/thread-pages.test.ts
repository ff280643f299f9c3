import { describe, expect, it } from 'vitest';
import { type AdminBrowser, signedInOperator } from '../test/admin-client.js';
import { messagePath } from '../test/mail-conversation.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { buildTestApp } from '../test/test-app.js';
import { openStorageDatabase } from '../test/test-database.js';
import type { TestStorage } from '../test/test-storage.js';

type Page = {
  replies: { text: string }[];
  notes: { text: string }[];
  answers: { seq: number; text: string; attachments: { fileName: string }[] }[];
  earlier: string | null;
};
type Opened = { thread: Page; openGrant: string };

const ANSWERS = 3000;

/** Files `count` answers to the message, a minute apart in January, one with a file every 100th. */
async function fileAnswers(storage: TestStorage, messageId: string, count: number) {
  const db = await openStorageDatabase(storage);
  await db.transaction().execute(async (trx) => {
    for (let n = 1; n <= count; n++) {
      const { seq } = await trx
        .insertInto('inbound_mails')
        .values({
          message_id: messageId,
          from_name: 'Jane Doe',
          from_address: 'jane@example.com',
          subject: 'Re: Pricing',
          body: `Answer ${n}`,
          mail_id: `<answer-${n}@example.com>`,
          automatic: 0,
          received_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
        })
        .returning('seq')
        .executeTakeFirstOrThrow();
      if (n % 100 === 0)
        await trx
          .insertInto('attachments')
          .values({
            message_id: messageId,
            inbound_seq: seq,
            file_name: `file-${n}.txt`,
            size: 4,
            content: Buffer.from('file'),
          })
          .execute();
    }
  });
}

const pageOf = async (browser: AdminBrowser, id: string, before: string, grant: string) => {
  const response = await browser.get(
    `${messagePath(id)}/thread?before=${before}&grant=${encodeURIComponent(grant)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};

describe('a long conversation', { timeout: 60_000 }, () => {
  it(`of ${ANSWERS} answers opens with its newest 50 items, and pages back to the first, each once`, async () => {
    const { app, storage } = await buildTestApp();
    const id = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
    await fileAnswers(storage, id, ANSWERS);
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    expect((await anna.post(`${messagePath(id)}/notes`, { text: 'A long one.' })).statusCode).toBe(201);

    const response = await anna.get(messagePath(id));
    expect(response.statusCode).toBe(200);
    expect(response.body.length, 'the opened message is small').toBeLessThan(40_000);
    const opened = response.json<Opened>();
    expect(opened.thread.notes.map((note) => note.text)).toEqual(['A long one.']);
    expect(opened.thread.answers.map((answer) => answer.text)).toEqual(
      Array.from({ length: 49 }, (_, n) => `Answer ${ANSWERS - 48 + n}`),
    );
    expect(opened.thread.answers.at(-1)!.attachments.map((file) => file.fileName)).toEqual([
      `file-${ANSWERS}.txt`,
    ]);

    const seen = [...opened.thread.answers];
    let { earlier } = opened.thread;
    let pages = 1;
    while (earlier) {
      const page = await pageOf(anna, id, earlier, opened.openGrant);
      expect(page.answers.length + page.replies.length + page.notes.length).toBeLessThanOrEqual(50);
      seen.unshift(...page.answers);
      ({ earlier } = page);
      pages += 1;
    }
    expect(pages).toBe(Math.ceil((ANSWERS + 1) / 50));
    expect(seen.map((answer) => answer.text)).toEqual(
      Array.from({ length: ANSWERS }, (_, n) => `Answer ${n + 1}`),
    );
    expect(new Set(seen.map((answer) => answer.seq)).size).toBe(ANSWERS);
    expect(seen.filter((answer) => answer.attachments.length > 0).map((answer) => answer.text)).toEqual(
      Array.from({ length: ANSWERS / 100 }, (_, n) => `Answer ${(n + 1) * 100}`),
    );
  });
});
