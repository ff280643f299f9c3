import { join } from 'node:path';
import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { adminBrowser, signedInOperator } from '../test/admin-client.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';
import { subjectReference } from '../audit/audit-log.js';

const SECRET = 'audit-reference-secret-of-32-characters';

let app: FastifyInstance;
let storage: TestStorage;

const person = { ...validMessage, email: 'quentin@example.com', message: 'My words are marmalade-42.' };
const other = { ...validMessage, email: 'olga@example.com', message: 'Mine are kumquat-7.' };
/** The person as an operator might type them: another case, spaces around. */
const typed = ' Quentin@Example.com ';
const subjectRoutes = [
  adminApiPaths.subjectAccess,
  adminApiPaths.eraseSubject,
  adminApiPaths.restrictSubject,
  adminApiPaths.optOutSubject,
];

/** Two messages of the person (one with a marketing consent) and one of someone else. */
async function inboxWithPerson(settings: Record<string, string> = {}) {
  ({ app, storage } = await buildTestApp({
    CONTACT_RATE_PER_MINUTE: '100',
    APP_SECRET: SECRET,
    ...settings,
  }));
  for (const message of [person, { ...person, subject: 'Again', marketingConsent: true }, other])
    expect((await sendMessage(app, message)).statusCode).toBe(201);
  // Every mail written first, so an erase finds every copy. A copy written while an erase runs is taken
  // back by the outbox worker once it finds the message gone (erasure.test.ts).
  await vi.waitFor(
    async () => expect(await readRows(storage, "select seq from outbox where status <> 'sent'")).toEqual([]),
    { timeout: 10_000 },
  );
  return signedInOperator(app, storage, 'anna@example.com');
}

/** The audit entries of the inbox's GDPR requests, checked to hold neither the address nor a message's text. */
async function subjectAudit() {
  const everything = JSON.stringify(await readRows(storage, 'select * from audit_log')).toLowerCase();
  expect(everything).not.toContain(person.email);
  expect(everything).not.toContain('marmalade');
  return readRows(
    storage,
    "select action, target from audit_log where via = 'inbox' and target like 'ref:%' order by seq",
  );
}

describe('GDPR requests from the inbox', () => {
  it('subject access downloads everything held about the address, audited by a reference, not the address', async () => {
    const browser = await inboxWithPerson();
    const response = await browser.post(adminApiPaths.subjectAccess, { email: typed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="subject-access-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const report = response.json();
    expect(report.messages.map((m: { message: string }) => m.message)).toEqual([
      person.message,
      person.message,
    ]);
    expect(report.notifications.length).toBeGreaterThanOrEqual(2);
    expect(report.marketingConsent).toMatchObject({ email: person.email });
    expect(report.operator).toBeNull();
    expect(response.body).not.toContain(other.email);
    expect(await subjectAudit()).toEqual([
      { action: 'subject-access', target: `${subjectReference(person.email, SECRET)}: 2 message(s)` },
    ]);
    expect(subjectReference(typed, SECRET)).toMatch(/^ref:[0-9a-f]{16}$/);
  });

  it('erase deletes the person’s messages, mails and consent, and nobody else’s', async () => {
    const browser = await inboxWithPerson();
    const [{ id: otherId }] = (await readRows(
      storage,
      'select id from messages where email = ?',
      other.email,
    )) as [{ id: string }];
    const response = await browser.post(adminApiPaths.eraseSubject, { email: typed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ messages: 2, answers: 0, notificationFiles: expect.any(Number) });
    expect(await readRows(storage, 'select email from messages')).toEqual([{ email: other.email }]);
    const outbox = await readRows(storage, 'select message_id from outbox');
    expect(outbox.every((row) => row.message_id === otherId)).toBe(true);
    expect(await readRows(storage, 'select email from marketing_consents')).toEqual([]);
    const [entry] = await subjectAudit();
    expect(entry).toEqual({
      action: 'erase',
      target: expect.stringMatching(
        new RegExp(
          `^${subjectReference(person.email, SECRET)}: 2 message\\(s\\), 0 answer\\(s\\) by mail, \\d+ notification file\\(s\\)$`,
        ),
      ),
    });
    const again = await browser.post(adminApiPaths.eraseSubject, { email: person.email });
    expect(again.json()).toEqual({ messages: 0, answers: 0, notificationFiles: 0 });
  });

  it('erase answers 503 after deleting when another process keeps the write-ahead log busy (SQLite)', async () => {
    const browser = await inboxWithPerson();
    if (storage.settings.DATABASE_URL) return;
    // A reader in another connection, as a backup or the command line would be, holds an old snapshot.
    const reader = new SQLite(join(storage.dataDir, 'site.db'));
    onTestFinished(() => void reader.close());
    reader.exec('begin');
    reader.prepare('select count(*) from messages').get();
    const response = await browser.post(adminApiPaths.eraseSubject, { email: person.email });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ error: apiErrorCodes.eraseIncomplete, messages: 2 });
    reader.exec('commit');
    expect(await readRows(storage, 'select email from messages')).toEqual([{ email: other.email }]);
    const [entry] = await subjectAudit();
    expect(entry?.action).toBe('erase');
    expect((await browser.post(adminApiPaths.eraseSubject, { email: person.email })).statusCode).toBe(200);
  });

  it('restrict keeps the messages but leaves them out of the export', async () => {
    const browser = await inboxWithPerson();
    const response = await browser.post(adminApiPaths.restrictSubject, { email: typed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ messages: 2 });
    expect(await readRows(storage, 'select email, restricted from messages order by seq')).toEqual([
      { email: person.email, restricted: 1 },
      { email: person.email, restricted: 1 },
      { email: other.email, restricted: 0 },
    ]);
    const exported = await browser.get(`${adminApiPaths.exportMessages}?format=json`);
    expect(exported.json().map((m: { email: string }) => m.email)).toEqual([other.email]);
    expect(await subjectAudit()).toEqual([
      { action: 'restrict', target: `${subjectReference(person.email, SECRET)}: 2 message(s)` },
    ]);
  });

  it('opt-out withdraws the marketing consent and adds the address to the suppression list', async () => {
    const browser = await inboxWithPerson();
    const response = await browser.post(adminApiPaths.optOutSubject, { email: typed });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ optedOut: true });
    expect(await readRows(storage, 'select email from suppressions')).toEqual([{ email: person.email }]);
    expect(await readRows(storage, 'select email from marketing_consents')).toEqual([]);
    expect(
      await readRows(storage, 'select marketing_consent from messages where email = ?', person.email),
    ).toEqual([{ marketing_consent: 0 }, { marketing_consent: 0 }]);
    expect(await subjectAudit()).toEqual([
      { action: 'opt-out', target: subjectReference(person.email, SECRET) },
    ]);
  });

  it('a body without an address is a 400 on every route, and nothing is audited', async () => {
    const browser = await inboxWithPerson();
    for (const url of subjectRoutes)
      for (const body of [{ email: 'not an address' }, { email: 'a@' }, {}]) {
        const response = await browser.post(url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      }
    expect(await subjectAudit()).toEqual([]);
    expect(Number((await readRows(storage, 'select count(*) as n from messages'))[0]!.n)).toBe(3);
  });
});

describe('the inbox’s settings', () => {
  it('names the site, its keys, the retention, the session limits and the spam filter’s settings', async () => {
    ({ app, storage } = await buildTestApp());
    const browser = await signedInOperator(app, storage, 'anna@example.com');
    const response = await browser.get(adminApiPaths.settings);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      siteName: 'Test Company',
      siteKeys: [TEST_SITE_KEY],
      retention: { messagesDays: null, networkDetailsDays: 30 },
      session: { idleMinutes: 60, maxHours: 12 },
      spam: { filter: true, thresholdPoints: 5, retentionDays: 30, classifier: true },
    });
    expect((await adminBrowser(app).get(adminApiPaths.settings)).statusCode).toBe(401);
  });

  it('as the environment sets them', async () => {
    ({ app, storage } = await buildTestApp({
      SITE_KEYS: 'partner-one,partner-two',
      RETENTION_DAYS: '365',
      IP_RETENTION_DAYS: '14',
      ADMIN_SESSION_IDLE_MINUTES: '20',
      ADMIN_SESSION_MAX_HOURS: '8',
      SPAM_THRESHOLD: '6.5',
      SPAM_RETENTION_DAYS: '7',
      SPAM_CLASSIFIER: 'off',
      SPAM_FILTER: 'off',
    }));
    const browser = await signedInOperator(app, storage, 'anna@example.com');
    expect((await browser.get(adminApiPaths.settings)).json()).toEqual({
      siteName: 'Test Company',
      siteKeys: ['partner-one', 'partner-two'],
      retention: { messagesDays: 365, networkDetailsDays: 14 },
      session: { idleMinutes: 20, maxHours: 8 },
      spam: { filter: false, thresholdPoints: 6.5, retentionDays: 7, classifier: false },
    });
  });
});
