import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { answeredByMail, messagePath } from '../test/mail-conversation.js';
import { readRows } from '../test/stored-rows.js';

type File = { seq: number; fileName: string | null; size: number };
type Page = {
  replies: { text: string | null }[];
  notes: { text: string | null }[];
  answers: { text: string | null; fromAddress: string; attachments: File[] }[];
  latest: string;
};
type Opened = {
  message: { subject: string | null; message: string | null };
  thread: Page;
  openGrant: string;
};
type Revealed = { subject: string; message: string; thread: Page; revealGrant: string };

/** What is said in Jane's conversation, none of which an opening of her restricted message may show. */
const secrets = [
  'Hello there',
  'It is 20 a month.',
  'Call her on Monday.',
  'health record',
  'record-12345.pdf',
];

describe("a restricted person's conversation", { timeout: 30_000 }, () => {
  it('is shown without any text or file name until revealed, which is audited once; its files are refused until then', async () => {
    const { storage, id, anna, ben, answer } = await answeredByMail();
    expect((await ben.post(`${messagePath(id)}/notes`, { text: 'Call her on Monday.' })).statusCode).toBe(
      201,
    );
    await answer('My health record number is 12345.', [
      { filename: 'record-12345.pdf', content: '%PDF-1.4' },
    ]);
    expect((await anna.post(adminApiPaths.restrictSubject, { email: 'jane@example.com' })).statusCode).toBe(
      200,
    );

    const response = await anna.get(messagePath(id));
    expect(response.statusCode).toBe(200);
    for (const secret of secrets) expect(response.body, secret).not.toContain(secret);
    const opened = response.json<Opened>();
    expect(opened.message).toMatchObject({ subject: null, message: null });
    expect(opened.thread.replies.map((reply) => reply.text)).toEqual([null]);
    expect(opened.thread.notes.map((note) => note.text)).toEqual([null]);
    const [hidden] = opened.thread.answers;
    expect(hidden).toMatchObject({ text: null, fromAddress: 'jane@example.com' });
    expect(hidden!.attachments).toEqual([{ seq: expect.any(Number), fileName: null, size: 8 }]);
    const file = `${adminApiPaths.attachments}/${hidden!.attachments[0]!.seq}`;

    // The file, as any link or script would ask for it: refused, with a reason, and nothing audited.
    const refused = await anna.get(file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: apiErrorCodes.revealRequired,
      message: expect.any(String),
    });
    const updates = await anna.get(
      `${messagePath(id)}/updates?after=0.0.0&grant=${encodeURIComponent(opened.openGrant)}`,
    );
    for (const secret of secrets) expect(updates.body, secret).not.toContain(secret);

    const revealedAnswer = await anna.post(`${messagePath(id)}/reveal`);
    expect(revealedAnswer.statusCode, revealedAnswer.body).toBe(200);
    const revealed = revealedAnswer.json<Revealed>();
    expect(revealed).toMatchObject({
      subject: 'Pricing',
      message: 'Hello there',
    });
    expect(revealed.thread.replies.map((reply) => reply.text)).toEqual(['It is 20 a month.']);
    expect(revealed.thread.notes.map((note) => note.text)).toEqual(['Call her on Monday.']);
    expect(revealed.thread.answers[0]).toMatchObject({
      text: 'My health record number is 12345.',
      attachments: [{ fileName: 'record-12345.pdf' }],
    });

    const grant = encodeURIComponent(revealed.revealGrant);
    const downloaded = await anna.get(`${file}?reveal=${grant}`);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.body).toBe('%PDF-1.4');
    // The grant is Anna's session's, for this message alone.
    expect((await ben.get(`${file}?reveal=${grant}`)).statusCode).toBe(403);
    expect((await anna.get(`${file}?reveal=${encodeURIComponent(opened.openGrant)}`)).statusCode).toBe(403);
    // Later reads of the open message carry the reveal and give the texts, with no new entry.
    const later = await anna.get(
      `${messagePath(id)}/updates?after=0.0.0&grant=${encodeURIComponent(opened.openGrant)}&reveal=${grant}`,
    );
    expect(later.json<{ thread: Page }>().thread.notes.map((note) => note.text)).toEqual([
      'Call her on Monday.',
    ]);

    const audited = await readRows(
      storage,
      "select action, target from audit_log where action in ('open-message', 'reveal-restricted-message', 'download-attachment') order by seq",
    );
    expect(audited.map((row) => row.action)).toEqual([
      'open-message',
      'reveal-restricted-message',
      'download-attachment',
    ]);
  });
});
