import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminApiPaths, CONTACT_API_PATH, formFieldNames, MESSAGE_SENT_PATH } from '@site/api-contract';
import { createTestDir } from '@site/testing/per-test';
import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';
import { readReasons } from './reason-details.js';
import { MARK_WEIGHT } from './spam-training.js';

const SPAM_BODY = { ...validMessage, subject: 'SEO', website: 'https://seo.example' };

async function start(settings: Record<string, string> = {}) {
  const { app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '100', ...settings });
  const rows = (query: string, ...params: unknown[]) => readRows(storage, query, ...params);
  return { app, storage, rows };
}

const idOf = (response: { json: <T>() => T }) => response.json<{ id: string }>().id;

describe('spam in the inbox', () => {
  it('answers a spam sender exactly as a real one, by JSON and by form post', async () => {
    const { app } = await start();
    const real = await sendMessage(app, validMessage);
    const spam = await sendMessage(app, SPAM_BODY);
    expect(spam.statusCode).toBe(real.statusCode);
    expect(Object.keys(spam.json())).toEqual(Object.keys(real.json()));
    expect(Object.keys(spam.headers).sort()).toEqual(Object.keys(real.headers).sort());

    const form = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: CONTACT_API_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
        payload: new URLSearchParams({ [formFieldNames.siteKey]: TEST_SITE_KEY, ...fields }).toString(),
      });
    for (const answer of [await form({ ...SPAM_BODY, website: '' }), await form(SPAM_BODY)]) {
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe(MESSAGE_SENT_PATH);
    }
  });

  it('stores each verdict with its points and reasons, and sends spam no notification', async () => {
    const { app, rows } = await start();
    const spamId = idOf(await sendMessage(app, SPAM_BODY));
    const realId = idOf(await sendMessage(app, validMessage));
    const [spam] = await rows('select spam, spam_score, spam_reasons from messages where id = ?', spamId);
    expect(spam).toMatchObject({ spam: 1 });
    expect(Number(spam!.spam_score)).toBeGreaterThanOrEqual(10);
    expect(readReasons(String(spam!.spam_reasons))[0]).toMatchObject({ signal: 'honeypot', points: 10 });
    expect(await rows('select message_id from outbox')).toEqual([{ message_id: realId }]);
  });

  it('with SPAM_FILTER=off judges nothing: a message it would flag goes to New and is notified; the honeypot is still spam', async () => {
    // A shortener (2), markup (2.5) and a throwaway address (2): spam to a filter that judges.
    const flagged = {
      ...validMessage,
      email: 'offer@mailinator.com',
      message: 'Cheap offer, see [url=https://bit.ly/3xYz]our page[/url] now',
    };
    const judged = await start();
    const judgedId = idOf(await sendMessage(judged.app, flagged));
    expect(await judged.rows('select spam from messages where id = ?', judgedId)).toEqual([{ spam: 1 }]);

    const { app, rows } = await start({ SPAM_FILTER: 'off' });
    const realId = idOf(await sendMessage(app, flagged));
    const spamId = idOf(await sendMessage(app, SPAM_BODY));
    expect(
      await rows('select spam, status, spam_score, spam_reasons from messages where id = ?', realId),
    ).toEqual([{ spam: 0, status: 'new', spam_score: null, spam_reasons: '[]' }]);
    const [honeypot] = await rows('select spam, spam_reasons from messages where id = ?', spamId);
    expect(honeypot).toMatchObject({ spam: 1 });
    expect(readReasons(String(honeypot!.spam_reasons))).toEqual([
      expect.objectContaining({ signal: 'honeypot' }),
    ]);
    expect(await rows("select message_id from outbox where kind = 'notification'")).toEqual([
      { message_id: realId },
    ]);
  });

  it('Not spam moves a message to New, notifies it once however often it is marked, and trains the filter', async () => {
    const { app, storage, rows } = await start();
    const id = idOf(await sendMessage(app, SPAM_BODY));
    const browser = await signedInOperator(app, storage, 'anna@example.com');
    const detail = await browser.get(`${adminApiPaths.messages}/${id}`);
    expect(detail.json().message).toMatchObject({
      spam: true,
      spamScore: expect.any(Number),
      spamReasons: expect.arrayContaining([expect.objectContaining({ signal: 'honeypot' })]),
      trainedAs: null,
    });
    const spamList = await browser.get(`${adminApiPaths.messages}?spam=true`);
    expect(spamList.json().messages[0]).toMatchObject({ id, spamScore: expect.any(Number) });

    for (const spam of [false, true, false]) {
      const marked = await browser.post(`${adminApiPaths.messages}/${id}/spam`, { spam });
      expect(marked.statusCode).toBe(204);
    }
    expect(await rows('select spam, status, trained_as from messages')).toEqual([
      { spam: 0, status: 'new', trained_as: 'ham' },
    ]);
    expect(
      await rows("select kind from outbox where message_id = ? and kind = 'notification'", id),
    ).toHaveLength(1);
    expect(await rows('select kind, messages from spam_training order by kind')).toEqual([
      { kind: 'ham', messages: MARK_WEIGHT },
      { kind: 'spam', messages: 0 },
    ]);
  });

  it('spam and not-spam on the command line do what the buttons do, audited; unknown ids fail', async () => {
    const { app, storage, rows } = await start();
    const real = idOf(await sendMessage(app, validMessage));
    const caught = idOf(await sendMessage(app, SPAM_BODY));
    const marked = await messagesInProcess(storage, 'spam', real);
    expect(marked.code, marked.err).toBe(0);
    const freed = await messagesInProcess(storage, 'not-spam', caught);
    expect(freed.code, freed.err).toBe(0);
    expect(await rows('select id, spam, trained_as from messages order by seq')).toEqual([
      { id: real, spam: 1, trained_as: 'spam' },
      { id: caught, spam: 0, trained_as: 'ham' },
    ]);
    expect(
      await rows("select kind from outbox where message_id = ? and kind = 'notification'", caught),
    ).toHaveLength(1);
    expect(
      await rows("select action, target, via from audit_log where action like 'mark-%' order by seq"),
    ).toEqual([
      { action: 'mark-spam', target: real, via: 'cli' },
      { action: 'mark-not-spam', target: caught, via: 'cli' },
    ]);
    const unknown = await messagesInProcess(storage, 'spam', real, '01a20000-0000-7000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No message with id 01a20000-0000-7000-8000-000000000000');
  });

  it('train learns from .eml files and an mbox, folders of them, and says what it could not read', async () => {
    const { storage, rows } = await start();
    const folder = createTestDir('mail-');
    mkdirSync(join(folder, 'spam'));
    const eml = (n: number) =>
      `From: "Winner ${n}" <winner${n}@lottery.example>\r\nSubject: You won\r\nContent-Type: text/html\r\n\r\n<p>Claim your <b>prize</b> number ${n} now</p>\r\n`;
    for (let n = 0; n < 3; n++) writeFileSync(join(folder, 'spam', `${n}.eml`), eml(n));
    writeFileSync(
      join(folder, 'ham.mbox'),
      [1, 2]
        .map(
          (n) =>
            `From someone@example.com Mon Jan  1 00:00:00 2026\nFrom: Client <c${n}@company.example>\nSubject: Demo\n\nCan we meet on Tuesday?\n>From the team\n`,
        )
        .join('\n'),
    );
    const trained = await messagesInProcess(
      storage,
      'train',
      '--spam',
      join(folder, 'spam'),
      '--ham',
      join(folder, 'ham.mbox'),
    );
    expect(trained.code, trained.err).toBe(0);
    expect(trained.out).toContain('3 spam mail(s) learnt');
    expect(trained.out).toContain('2 real mail(s) learnt');
    expect(await rows('select kind, messages from spam_training order by kind')).toEqual([
      { kind: 'ham', messages: 2 },
      { kind: 'spam', messages: 3 },
    ]);
    expect(await rows("select target from audit_log where action = 'train-spam-filter'")).toEqual([
      { target: '3 spam, 2 ham mail(s) from files' },
    ]);
    const missing = await messagesInProcess(storage, 'train', '--spam', join(folder, 'nowhere'));
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('ENOENT');
    expect((await messagesInProcess(storage, 'train')).code).toBe(2);
  });

  it('deletes shown spam older than SPAM_RETENTION_DAYS with its mails, and keeps real messages of the same age', async () => {
    const first = await start();
    const spam = idOf(await sendMessage(first.app, SPAM_BODY));
    const real = idOf(await sendMessage(first.app, validMessage));
    await first.app.close();
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString();
    // Listed in a spam digest a day later (spam nobody was shown stays: unshown-spam-retention.test.ts).
    const shown = new Date(Date.parse(old) + 24 * 60 * 60 * 1000).toISOString();
    await writeRows(first.storage, 'update messages set received_at = ?, shown_at = ?', old, shown);

    // Retention runs as the server starts.
    await buildTestApp({}, undefined, {}, first.storage);
    await expect.poll(() => first.rows('select id from messages')).toEqual([{ id: real }]);
    expect(await first.rows('select message_id from outbox where message_id = ?', spam)).toEqual([]);
  });
});
