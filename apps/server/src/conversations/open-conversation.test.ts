import { apiErrorCodes, threadCursorText } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import type { AdminBrowser } from '../test/admin-client.js';
import { answeredByMail, messagePath } from '../test/mail-conversation.js';
import { readRows } from '../test/stored-rows.js';

type Reply = {
  seq: number;
  text: string | null;
  status: string;
  by: { email: string; name: string | null };
  createdAt: string;
};
type Page = {
  replies: Reply[];
  notes: { seq: number; text: string | null }[];
  answers: { seq: number; text: string | null; attachments: { fileName: string | null }[] }[];
  earlier: string | null;
  latest: string;
};
type Opened = { message: { status: string }; thread: Page; openGrant: string };
type Updates = { status: string; assignee: { email: string } | null; thread: Page };
type Item = { seq: number };

/** The newest item of each kind the inbox shows, as it sends it (`seen`). */
const seenOf = (...items: { replies: Item[]; notes: Item[]; answers: Item[] }[]) => {
  const newest = (kind: 'replies' | 'notes' | 'answers') =>
    Math.max(0, ...items.flatMap((page) => page[kind].map((item) => item.seq)));
  return threadCursorText({ replies: newest('replies'), notes: newest('notes'), answers: newest('answers') });
};

const open = async (browser: AdminBrowser, id: string) => {
  const response = await browser.get(messagePath(id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Opened>();
};
const updatesOf = (browser: AdminBrowser, id: string, after: string, grant: string, seen = after) =>
  browser.get(`${messagePath(id)}/updates?after=${after}&seen=${seen}&grant=${encodeURIComponent(grant)}`);

describe('an open message', { timeout: 30_000 }, () => {
  it('is opened once: what arrives while it is open comes as updates after a point, with no new "open-message" entry', async () => {
    const { storage, id, anna, ben, answer } = await answeredByMail();
    const annas = await open(anna, id);
    const bens = await open(ben, id);
    expect(annas.thread.replies.map((reply) => reply.text)).toEqual(['It is 20 a month.']);

    // While both have it open: Jane answers with a file, Ben notes, Anna answers her again.
    await answer('Does that include SMS?', [{ filename: 'numbers.csv', content: 'name,number\n' }]);
    expect((await ben.post(`${messagePath(id)}/notes`, { text: 'She runs a clinic.' })).statusCode).toBe(201);
    const basedOn = annas.thread.replies[0]!.seq;
    const second = await anna.post(`${messagePath(id)}/replies`, { text: 'Yes, 500 SMS.', basedOn });
    expect(second.statusCode, second.body).toBe(201);
    expect((await anna.post(`${messagePath(id)}/assign`, { operator: 'ben@example.com' })).statusCode).toBe(
      204,
    );

    for (const [browser, opened] of [
      [anna, annas],
      [ben, bens],
    ] as const) {
      const response = await updatesOf(browser, id, opened.thread.latest, opened.openGrant);
      expect(response.statusCode, response.body).toBe(200);
      const { status, assignee, thread } = response.json<Updates>();
      expect(status).toBe('answered');
      expect(assignee?.email).toBe('ben@example.com');
      expect(
        thread.answers.map((item) => [item.text, item.attachments.map((file) => file.fileName)]),
      ).toEqual([['Does that include SMS?', ['numbers.csv']]]);
      expect(thread.notes.map((note) => note.text)).toEqual(['She runs a clinic.']);
      // The first reply comes again only while its mail is on its way; the second is new.
      expect(thread.replies.map((reply) => reply.text)).toContain('Yes, 500 SMS.');
      expect(thread.earlier).toBeNull();
      // Nothing new since: an empty update.
      const again = (await updatesOf(browser, id, thread.latest, opened.openGrant)).json<Updates>();
      expect([again.thread.answers, again.thread.notes]).toEqual([[], []]);
    }
    const opens = await readRows(
      storage,
      "select operator_id from audit_log where action = 'open-message' and target = ? order by seq",
      id,
    );
    expect(opens).toHaveLength(2);
    expect(new Set(opens.map((row) => row.operator_id)).size).toBe(2);
  });

  it('gives its conversation only to the session that opened it, and refuses bad points with a 4xx', async () => {
    const { id, anna, ben } = await answeredByMail();
    const annas = await open(anna, id);
    const refused = [
      await anna.get(`${messagePath(id)}/updates?after=${annas.thread.latest}`),
      await updatesOf(anna, id, annas.thread.latest, 'forged.grant'),
      // Ben's session never opened it: Anna's grant is no use to him.
      await updatesOf(ben, id, annas.thread.latest, annas.openGrant),
      await ben.get(`${messagePath(id)}/thread?before=1.1.1&grant=${encodeURIComponent(annas.openGrant)}`),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toBe(apiErrorCodes.openRequired);
    }
    for (const after of ['x', '1.2', '-1.0.0', '1.0.0.0', '99999999999.0.0']) {
      const response = await updatesOf(anna, id, after, annas.openGrant);
      expect(response.statusCode, after).toBe(400);
      expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    const other = await anna.get(
      `${messagePath('01a20000-0000-7000-8000-000000000000')}/updates?after=0.0.0&grant=${encodeURIComponent(annas.openGrant)}`,
    );
    expect(other.statusCode).toBe(403);
  });

  it('shows the operator’s reply as the POST answers it, and audits an update only when it brings an item not seen yet', async () => {
    const { storage, id, anna, ben, answer } = await answeredByMail();
    const annas = await open(anna, id);
    const entries = async () =>
      (
        await readRows(
          storage,
          "select operator_id from audit_log where action = 'read-thread-updates' and target = ? order by seq",
          id,
        )
      ).length;

    const basedOn = annas.thread.replies[0]!.seq;
    const posted = await anna.post(`${messagePath(id)}/replies`, { text: 'Yes, 500 SMS.', basedOn });
    expect(posted.statusCode, posted.body).toBe(201);
    const { reply } = posted.json<{ reply: Reply }>();
    expect(reply).toMatchObject({ text: 'Yes, 500 SMS.', by: { email: 'anna@example.com' } });
    expect(reply.seq).toBeGreaterThan(basedOn);
    // The reply as stored is the thread's item: Ben's opening shows the same one.
    const { seq, by, text, createdAt } = reply;
    expect((await open(ben, id)).thread.replies.find((item) => item.seq === seq)).toMatchObject({
      by,
      text,
      createdAt,
    });

    // Anna's inbox shows her reply from the POST's answer: the updates bring it again (its mail state), and
    // a poll that finds nothing else, however often, writes no entry.
    const seen = seenOf(annas.thread, { replies: [reply], notes: [], answers: [] });
    const updates = (await updatesOf(anna, id, annas.thread.latest, annas.openGrant, seen)).json<Updates>();
    expect(updates.thread.replies.map((item) => item.seq)).toContain(seq);
    await updatesOf(anna, id, updates.thread.latest, annas.openGrant, seen);
    expect(await entries()).toBe(0);

    // Jane answers: the update that brings her mail is a read of something new, recorded once.
    await answer('Great, thanks.');
    const withAnswer = (
      await updatesOf(anna, id, updates.thread.latest, annas.openGrant, seen)
    ).json<Updates>();
    expect(withAnswer.thread.answers.map((item) => item.text)).toEqual(['Great, thanks.']);
    expect(await entries()).toBe(1);
    const nowSeen = seenOf(annas.thread, { replies: [reply], notes: [], answers: [] }, withAnswer.thread);
    await updatesOf(anna, id, withAnswer.thread.latest, annas.openGrant, nowSeen);
    expect(await entries()).toBe(1);
  });
});
