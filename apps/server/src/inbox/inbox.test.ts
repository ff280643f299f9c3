import { ADMIN_CSRF_HEADER, adminApiPaths, apiErrorCodes } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { preparedOnce } from '@site/testing/per-test';
import { adminBrowser, signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

let app: FastifyInstance;
let storage: TestStorage;

const messagePath = (id: string) => `${adminApiPaths.messages}/${id}`;
/** A well-formed message id that no message has. */
const NO_SUCH_MESSAGE = '01a20000-0000-7000-8000-000000000000';
type Summary = { id: string; subject: string; status: string };

/** An app with three messages, the newest last, and a signed-in operator. */
async function inboxWithMessages() {
  ({ app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '100' }));
  const ids: string[] = [];
  for (const subject of ['Pricing', 'SMS platform', 'CRM demo']) {
    const response = await sendMessage(app, { ...validMessage, subject });
    ids.push(response.json<{ id: string }>().id);
  }
  await sendMessage(app, { ...validMessage, subject: 'Cheap pills', website: 'spam.example' });
  return { ids, browser: await signedInOperator(app, storage, 'anna@example.com') };
}

// What only reads the three messages shares one app; what changes them gets one of its own.
describe('the inbox API, reading', () => {
  const prepared = preparedOnce(inboxWithMessages);

  it('answers 401 to every inbox route without a session, and 403 to a change without the CSRF token', async () => {
    const { ids, browser } = prepared();
    const stranger = adminBrowser(app);
    for (const response of [
      await stranger.get(adminApiPaths.messages),
      await stranger.get(messagePath(ids[0]!)),
      await stranger.post(`${messagePath(ids[0]!)}/status`, { status: 'archived' }),
      await stranger.post(`${messagePath(ids[0]!)}/spam`, { spam: true }),
      await stranger.post(`${messagePath(ids[0]!)}/retry`),
    ])
      expect(response.statusCode).toBe(401);
    for (const [url, body] of [
      [`${messagePath(ids[0]!)}/status`, { status: 'archived' }],
      [`${messagePath(ids[0]!)}/retry`, {}],
    ] as const) {
      const forged = await browser.post(url, body, { 'x-admin-csrf': 'forged' });
      expect(forged.statusCode, url).toBe(403);
      expect(forged.json().error).toBe(apiErrorCodes.csrfFailed);
    }
  });

  it('pages newest first, filters and searches; spam is its own list', async () => {
    const { browser } = prepared();
    const list = async (query = '') => {
      const response = await browser.get(`${adminApiPaths.messages}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ messages: Summary[]; nextBefore: number | null }>();
    };
    const all = await list();
    expect(all.messages.map((m) => m.subject)).toEqual(['CRM demo', 'SMS platform', 'Pricing']);
    expect(all.messages.every((m) => m.status === 'new')).toBe(true);
    expect(all.nextBefore).toBeNull();
    const first = await list('?limit=2');
    expect(first.messages.map((m) => m.subject)).toEqual(['CRM demo', 'SMS platform']);
    const second = await list(`?limit=2&before=${first.nextBefore}`);
    expect(second.messages.map((m) => m.subject)).toEqual(['Pricing']);
    expect((await list('?search=sms')).messages.map((m) => m.subject)).toEqual(['SMS platform']);
    expect((await list(`?search=${encodeURIComponent('"sms* OR NEAR(: -')}`)).messages).toEqual([]);
    expect((await list(`?search=${encodeURIComponent('"sms*')}`)).messages.map((m) => m.subject)).toEqual([
      'SMS platform',
    ]);
    expect((await list('?spam=true')).messages.map((m) => m.subject)).toEqual(['Cheap pills']);
    expect((await list('?site=another-site')).messages).toEqual([]);
    expect((await browser.get(`${adminApiPaths.messages}?status=unknown`)).statusCode).toBe(400);
    expect((await browser.get(`${adminApiPaths.messages}?limit=1000`)).statusCode).toBe(400);
  });
});

describe('the inbox API', () => {
  it('with `after`, lists only what arrived since, newest first, for polling', async () => {
    const { browser } = await inboxWithMessages();
    const list = async (query: string) => {
      const response = await browser.get(`${adminApiPaths.messages}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ messages: (Summary & { seq: number })[]; nextBefore: number | null }>();
    };
    const first = await list('');
    const newest = first.messages[0]!.seq;
    expect((await list(`?after=${newest}`)).messages).toEqual([]);
    for (const subject of ['Follow-up', 'Second follow-up'])
      expect((await sendMessage(app, { ...validMessage, subject })).statusCode).toBe(201);
    const since = await list(`?after=${newest}`);
    expect(since.messages.map((m) => m.subject)).toEqual(['Second follow-up', 'Follow-up']);
    expect(since.messages.every((m) => m.seq > newest)).toBe(true);
    expect((await list(`?after=${newest}&search=second`)).messages.map((m) => m.subject)).toEqual([
      'Second follow-up',
    ]);
    const paged = await list(`?after=${newest}&limit=1`);
    expect(paged.messages.map((m) => m.subject)).toEqual(['Second follow-up']);
    const rest = await list(`?after=${newest}&limit=1&before=${paged.nextBefore}`);
    expect(rest.messages.map((m) => m.subject)).toEqual(['Follow-up']);
    expect((await list('?after=0')).messages).toHaveLength(5);
    expect((await browser.get(`${adminApiPaths.messages}?after=-1`)).statusCode).toBe(400);
    expect((await browser.get(`${adminApiPaths.messages}?after=soon`)).statusCode).toBe(400);
  });

  it('queues a message’s failed mails again, audited by id', async () => {
    const { ids, browser } = await inboxWithMessages();
    const notification = "select status from outbox where message_id = ? and kind = 'notification'";
    await vi.waitFor(
      async () => expect(await readRows(storage, notification, ids[0])).toEqual([{ status: 'sent' }]),
      {
        timeout: 10_000,
      },
    );
    await writeRows(
      storage,
      "update outbox set status = 'failed', attempts = 5, last_error = 'refused' where message_id = ?",
      ids[0],
    );
    const retried = await browser.post(`${messagePath(ids[0]!)}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ queued: 1 });
    await vi.waitFor(
      async () => expect(await readRows(storage, notification, ids[0])).toEqual([{ status: 'sent' }]),
      {
        timeout: 10_000,
      },
    );
    expect((await browser.post(`${messagePath(ids[1]!)}/retry`)).json()).toEqual({ queued: 0 });
    const unknown = await browser.post(`${messagePath(NO_SUCH_MESSAGE)}/retry`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(apiErrorCodes.notFound);
    expect(
      await readRows(
        storage,
        "select target from audit_log where action = 'retry-notifications' order by seq",
      ),
    ).toEqual([{ target: ids[0] }, { target: ids[1] }]);
  });

  it('opening a message shows every field and its notification, is audited without its text, and marks it read only by a POST with the CSRF token', async () => {
    const { ids, browser } = await inboxWithMessages();
    const opened = await browser.get(messagePath(ids[0]!));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      message: { id: ids[0], subject: 'Pricing', message: validMessage.message, status: 'new' },
      mails: [{ kind: 'notification' }],
    });
    // A GET or HEAD (a prefetch, a link another site embeds) changes nothing.
    expect((await browser.get(messagePath(ids[0]!))).json().message.status).toBe('new');
    expect(
      (
        await app.inject({
          method: 'HEAD',
          url: messagePath(ids[0]!),
          headers: { cookie: `admin_session=${browser.cookies.get('admin_session')}` },
        })
      ).statusCode,
    ).toBe(200);
    const forged = await browser.post(`${messagePath(ids[0]!)}/read`, {}, { [ADMIN_CSRF_HEADER]: '' });
    expect(forged.statusCode).toBe(403);
    expect((await browser.get(`${adminApiPaths.messages}?status=read`)).json().messages).toEqual([]);
    expect((await browser.post(`${messagePath(ids[0]!)}/read`)).statusCode).toBe(204);
    expect((await browser.post(`${messagePath(NO_SUCH_MESSAGE)}/read`)).statusCode).toBe(404);
    const listed = await browser.get(`${adminApiPaths.messages}?status=read`);
    expect(listed.json().messages.map((m: Summary) => m.id)).toEqual([ids[0]]);
    const audit = await readRows(
      storage,
      "select action, target from audit_log where action = 'open-message'",
    );
    // Each reading, the HEAD too.
    expect(audit).toEqual(Array(3).fill({ action: 'open-message', target: ids[0] }));
    const everything = JSON.stringify(await readRows(storage, 'select * from audit_log'));
    expect(everything).not.toContain(validMessage.message);
    expect((await browser.get(messagePath(NO_SUCH_MESSAGE))).statusCode).toBe(404);
  });

  it('a restricted message is listed marked and without its subject, is found by its sender only, and its text is given only when asked for, audited', async () => {
    const { ids, browser } = await inboxWithMessages();
    const other = await sendMessage(app, {
      ...validMessage,
      email: 'restricted@example.org',
      subject: 'Private matter',
      message: 'A confidential request about our contract.',
    });
    const id = other.json<{ id: string }>().id;
    expect(
      (await browser.post(adminApiPaths.restrictSubject, { email: 'restricted@example.org' })).statusCode,
    ).toBe(200);
    const list = (await browser.get(adminApiPaths.messages)).json().messages;
    expect(list[0]).toMatchObject({ id, subject: null, restricted: true, email: 'restricted@example.org' });
    expect(list.slice(1).map((row: { restricted: boolean }) => row.restricted)).toEqual([
      false,
      false,
      false,
    ]);
    const search = async (text: string) =>
      (await browser.get(`${adminApiPaths.messages}?search=${encodeURIComponent(text)}`))
        .json()
        .messages.map((row: Summary) => row.id);
    expect(await search('confidential')).toEqual([]);
    expect(await search('Private')).toEqual([]);
    expect(await search('restricted@')).toEqual([id]);
    expect(await search('Pricing')).toEqual([ids[0]]);

    const opened = (await browser.get(messagePath(id))).json().message;
    expect(opened).toMatchObject({ id, restricted: true, subject: null, message: null });
    expect(
      (await browser.post(`${messagePath(id)}/reveal`, {}, { [ADMIN_CSRF_HEADER]: '' })).statusCode,
    ).toBe(403);
    const revealed = await browser.post(`${messagePath(id)}/reveal`);
    expect(revealed.json()).toMatchObject({
      subject: 'Private matter',
      message: 'A confidential request about our contract.',
      revealGrant: expect.any(String),
    });
    expect(
      await readRows(storage, "select target from audit_log where action = 'reveal-restricted-message'"),
    ).toEqual([{ target: id }]);
  });

  it('marks messages answered, archived, spam and not spam, each once audited', async () => {
    const { ids, browser } = await inboxWithMessages();
    expect((await browser.post(`${messagePath(ids[0]!)}/status`, { status: 'answered' })).statusCode).toBe(
      204,
    );
    expect((await browser.post(`${messagePath(ids[1]!)}/status`, { status: 'archived' })).statusCode).toBe(
      204,
    );
    expect((await browser.post(`${messagePath(ids[2]!)}/spam`, { spam: true })).statusCode).toBe(204);
    const subjects = async (query: string) =>
      (await browser.get(`${adminApiPaths.messages}${query}`)).json().messages.map((m: Summary) => m.subject);
    expect(await subjects('?status=answered')).toEqual(['Pricing']);
    expect(await subjects('?status=archived')).toEqual(['SMS platform']);
    expect(await subjects('?spam=true')).toEqual(['Cheap pills', 'CRM demo']);
    expect((await browser.post(`${messagePath(ids[2]!)}/spam`, { spam: false })).statusCode).toBe(204);
    expect(await subjects('?spam=true')).toEqual(['Cheap pills']);
    expect((await browser.post(`${messagePath(ids[0]!)}/status`, { status: 'deleted' })).statusCode).toBe(
      400,
    );
    expect((await browser.post(`${messagePath(NO_SUCH_MESSAGE)}/spam`, { spam: true })).statusCode).toBe(404);
    const actions = await readRows(storage, "select action from audit_log where via = 'inbox' order by seq");
    expect(actions.map((row) => row.action).filter((action) => String(action).startsWith('mark-'))).toEqual([
      'mark-answered',
      'mark-archived',
      'mark-spam',
      'mark-not-spam',
    ]);
  });

  it('exports the current filter as CSV or JSON, leaving restricted messages out, and audits how many', async () => {
    const { browser } = await inboxWithMessages();
    const csv = await browser.get(`${adminApiPaths.exportMessages}?format=csv&search=sms`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"SMS platform"');
    await messagesInProcess(storage, 'restrict', '--email', validMessage.email);
    const json = await browser.get(`${adminApiPaths.exportMessages}?format=json`);
    expect(json.json()).toEqual([]);
    expect((await browser.get(`${adminApiPaths.exportMessages}?format=xml`)).statusCode).toBe(400);
    const audit = await readRows(
      storage,
      "select target from audit_log where action = 'export' order by seq",
    );
    expect(audit.map((row) => row.target)).toEqual(['1 message(s) as csv', '0 message(s) as json']);
  });

  it('shows the audit log newest first, with who did what to which message, a page at a time', async () => {
    const { ids, browser } = await inboxWithMessages();
    await browser.get(messagePath(ids[0]!));
    await browser.post(`${messagePath(ids[0]!)}/status`, { status: 'archived' });
    const page = async (query: string) =>
      (await browser.get(`${adminApiPaths.audit}${query}`)).json<{
        entries: { seq: number; operator: string | null; via: string; action: string; target: string }[];
        nextBefore: number | null;
      }>();
    const first = await page('?limit=2');
    expect(
      first.entries.map(({ operator, via, action, target }) => ({ operator, via, action, target })),
    ).toEqual([
      { operator: 'anna@example.com', via: 'inbox', action: 'mark-archived', target: ids[0] },
      { operator: 'anna@example.com', via: 'inbox', action: 'open-message', target: ids[0] },
    ]);
    const rest = await page(`?limit=50&before=${first.nextBefore}`);
    expect(rest.entries.some((entry) => entry.via === 'cli' && entry.operator === null)).toBe(true);
    expect(rest.nextBefore).toBeNull();
  });
});
