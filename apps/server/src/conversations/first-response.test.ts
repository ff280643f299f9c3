import { adminApiPaths, type FirstResponse, type MessageSummary } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { type AdminBrowser, signedInOperator } from '../test/admin-client.js';
import { answeredByMail, messagePath, openMessage } from '../test/mail-conversation.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { at } from '../test/clock-at.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

const HOUR_S = 3600;
/** Friday 27 November 2026, 16:00 in Nicosia: two working hours left that day. */
const FRIDAY_1600 = '2026-11-27T14:00:00.000Z';

/** An app with the default business hours (Nicosia, Monday to Friday 09:00-18:00, 4 h target) and Anna. */
async function clockApp() {
  const { app, storage } = await buildTestApp({
    ADMIN_SESSION_IDLE_MINUTES: '100000',
    ADMIN_SESSION_MAX_HOURS: '10000',
  });
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  return { app, storage, anna };
}

/** A visitor's message, as if it had come at `receivedAt`. */
async function messageAt(
  app: Awaited<ReturnType<typeof clockApp>>['app'],
  storage: TestStorage,
  receivedAt: string,
) {
  const id = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
  await writeRows(storage, 'update messages set received_at = ? where id = ?', receivedAt, id);
  return id;
}

const listed = async (anna: AdminBrowser, query = '') => {
  const response = await anna.get(`${adminApiPaths.messages}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ messages: MessageSummary[]; nextBefore: number | null; nextAfter: number | null }>();
};
const clockIn = async (anna: AdminBrowser, id: string): Promise<FirstResponse | null> =>
  (await listed(anna)).messages.find((row) => row.id === id)!.firstResponse;
const stored = async (storage: TestStorage, id: string) =>
  (
    await readRows(
      storage,
      'select first_reply_at, first_response_business_s, first_response_wall_s from messages where id = ?',
      id,
    )
  )[0];
const reply = async (anna: AdminBrowser, id: string, basedOn: number) => {
  const response = await anna.post(`${messagePath(id)}/replies`, { text: 'It is 20 a month.', basedOn });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ reply: { seq: number } }>().reply.seq;
};

describe('the first-response clock', () => {
  it('runs in business hours: due, due soon at 75 % of the target, then overdue, in the list and the message', async () => {
    const { app, storage, anna } = await clockApp();
    const id = await messageAt(app, storage, FRIDAY_1600);
    const dueAt = '2026-11-30T09:00:00.000Z'; // Monday 11:00: two hours on Friday, two on Monday

    // Sunday: the weekend counts nothing, two hours are left.
    expect(await at('2026-11-29T12:00:00Z', () => clockIn(anna, id))).toEqual({
      state: 'due',
      dueAt,
      leftSeconds: 2 * HOUR_S,
    });
    // Monday 10:15: three and a quarter hours spent.
    expect(await at('2026-11-30T08:15:00Z', () => clockIn(anna, id))).toEqual({
      state: 'due-soon',
      dueAt,
      leftSeconds: 0.75 * HOUR_S,
    });
    // Monday 12:30, and in the opened message too.
    expect(await at('2026-11-30T10:30:00Z', () => clockIn(anna, id))).toEqual({
      state: 'overdue',
      dueAt,
      overdueSeconds: 1.5 * HOUR_S,
    });
    const opened = await at('2026-11-30T10:30:00Z', () => openMessage(anna, id));
    expect(opened.message.firstResponse).toMatchObject({ state: 'overdue' });
  });

  it('stops at the first reply, in business hours and on the wall clock; not at a note, nor at a second reply', async () => {
    const { app, storage, anna } = await clockApp();
    const id = await messageAt(app, storage, FRIDAY_1600);

    await at('2026-11-30T07:00:00Z', () =>
      anna.post(`${messagePath(id)}/notes`, { text: 'I will call them.' }),
    );
    expect(await stored(storage, id)).toEqual({
      first_reply_at: null,
      first_response_business_s: null,
      first_response_wall_s: null,
    });
    expect(await at('2026-11-30T07:00:00Z', () => clockIn(anna, id))).toMatchObject({ state: 'due' });
    // The open message follows its clock through its once-a-second poll.
    const { openGrant } = await at('2026-11-30T07:00:00Z', () => openMessage(anna, id));
    const followed = async () => {
      const updates = await anna.get(
        `${messagePath(id)}/updates?after=0.0.0&grant=${encodeURIComponent(openGrant)}`,
      );
      expect(updates.statusCode, updates.body).toBe(200);
      return updates.json<{ firstResponse: FirstResponse | null }>().firstResponse;
    };
    expect(await at('2026-11-30T07:00:00Z', followed)).toMatchObject({ state: 'due' });

    // Monday 12:00 local: two hours on Friday and three on Monday; 68 hours on the wall clock.
    const first = await at('2026-11-30T10:00:00Z', () => reply(anna, id, 0));
    const answered = {
      first_reply_at: '2026-11-30T10:00:00.000Z',
      first_response_business_s: 5 * HOUR_S,
      first_response_wall_s: 68 * HOUR_S,
    };
    expect(await stored(storage, id)).toEqual(answered);
    await at('2026-12-01T10:00:00Z', () => reply(anna, id, first));
    expect(await stored(storage, id)).toEqual(answered);
    expect(await clockIn(anna, id)).toEqual({
      state: 'answered',
      answeredAt: '2026-11-30T10:00:00.000Z',
      businessSeconds: 5 * HOUR_S,
      wallSeconds: 68 * HOUR_S,
      withinTarget: false,
    });
    expect(await followed()).toMatchObject({ state: 'answered', businessSeconds: 5 * HOUR_S });
  });

  it('keeps the first reply when the visitor answers by mail and the conversation is new again', async () => {
    const { storage, anna, id, answer } = await answeredByMail();
    const before = await stored(storage, id);
    expect(before!.first_reply_at).not.toBeNull();
    await answer('Thanks, and for two users?');
    expect((await openMessage(anna, id)).message.status).toBe('new');
    expect(await stored(storage, id)).toEqual(before);
    expect(await clockIn(anna, id)).toMatchObject({ state: 'answered', withinTarget: true });
  });

  it('lists the conversations waiting for a first reply, the soonest due first, a page at a time', async () => {
    const { app, storage, anna } = await clockApp();
    const oldest = await messageAt(app, storage, '2026-11-26T08:00:00.000Z');
    const answered = await messageAt(app, storage, '2026-11-26T09:00:00.000Z');
    const archived = await messageAt(app, storage, '2026-11-26T10:00:00.000Z');
    const spam = await messageAt(app, storage, '2026-11-26T11:00:00.000Z');
    const read = await messageAt(app, storage, '2026-11-27T08:00:00.000Z');
    const newest = await messageAt(app, storage, FRIDAY_1600);
    await reply(anna, answered, 0);
    expect((await anna.post(`${messagePath(archived)}/status`, { status: 'archived' })).statusCode).toBe(204);
    expect((await anna.post(`${messagePath(spam)}/spam`, { spam: true })).statusCode).toBe(204);
    expect((await anna.post(`${messagePath(read)}/read`, {})).statusCode).toBe(204);

    const all = await at('2026-11-30T08:00:00Z', () => listed(anna, '?due=true'));
    expect(all.messages.map((row) => row.id)).toEqual([oldest, read, newest]);
    expect(all.messages.map((row) => row.firstResponse?.state)).toEqual(['overdue', 'overdue', 'due-soon']);
    expect(all.nextBefore).toBeNull();

    const first = await listed(anna, '?due=true&limit=2');
    expect(first.messages.map((row) => row.id)).toEqual([oldest, read]);
    const rest = await listed(anna, `?due=true&limit=2&after=${first.nextAfter}`);
    expect(rest.messages.map((row) => row.id)).toEqual([newest]);
    expect(rest.nextAfter).toBeNull();
    // A search keeps the order.
    const found = await listed(anna, '?due=true&search=jane');
    expect(found.messages.map((row) => row.id)).toEqual([oldest, read, newest]);

    // The archived and the spam have no clock; the answered one says how long it took.
    const rows = (await listed(anna)).messages;
    expect(rows.find((row) => row.id === archived)!.firstResponse).toBeNull();
    expect(rows.find((row) => row.id === answered)!.firstResponse).toMatchObject({ state: 'answered' });
    expect((await listed(anna, '?spam=true')).messages[0]!.firstResponse).toBeNull();
  });
});
