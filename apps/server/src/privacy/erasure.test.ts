import { mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/database.js';
import { migrateBackTo } from '../db/migrate.js';
import { openSqlite } from '../db/sqlite.js';
import { fileMailer, type Mailer } from '../queue/mailer.js';
import { messageMails } from '../notifications/message-mails.js';
import { startMailWorker } from '../queue/mail-worker.js';
import { filesHolding } from '@site/testing/files-holding';
import { readRows, writeRows } from '../test/stored-rows.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { buildTestApp } from '../test/test-app.js';
import { sqliteStorage } from '../test/test-storage.js';
import { storeMessage } from '../test/test-database.js';
import { dataSubjects } from './data-subject-repository.js';

const person = {
  name: 'Quentin Erasmus',
  email: 'quentin.erasmus@example.com',
  subject: 'Please forget me',
  message: 'My words are MARMALADE-ZEPPELIN-42.',
};
/** Words of the message as only the search index holds them: lower-case. */
const indexedWords = ['marmalade', 'zeppelin'];
const traces = [person.email, person.name, 'MARMALADE-ZEPPELIN-42', ...indexedWords];
const other = { ...validMessage, email: 'olga.other@example.com', message: 'Mine are kumquat-harbour-7.' };

/** A server that has stored and notified (as .eml files) one message from the person and one from someone else. */
/** The mails written whole to DATA_DIR/mail: each is written under a .tmp name, then renamed. */
const emlFiles = (dataDir: string) =>
  readdirSync(join(dataDir, 'mail')).filter((name) => name.endsWith('.eml'));

async function serverWithMessages() {
  const { app, dataDir } = await buildTestApp();
  expect((await sendMessage(app, person)).statusCode).toBe(201);
  expect((await sendMessage(app, other)).statusCode).toBe(201);
  await vi.waitFor(() => expect(emlFiles(dataDir)).toHaveLength(2));
  return { app, dataDir };
}

/** For each trace of the person, the files under DATA_DIR that still hold its bytes. */
const tracesIn = (dataDir: string) =>
  Object.fromEntries(traces.map((text) => [text, filesHolding(dataDir, text)]));
const noTraces = Object.fromEntries(traces.map((text) => [text, []]));

describe('erase leaves none of the person’s bytes in any file under DATA_DIR', () => {
  it('while the server runs (the CLI erases on its own connection)', async () => {
    const { dataDir } = await serverWithMessages();
    expect(filesHolding(dataDir, person.email)).not.toEqual([]);
    for (const word of indexedWords) expect(filesHolding(dataDir, word), word).not.toEqual([]);

    const erased = await messagesInProcess(
      sqliteStorage(dataDir),
      'erase',
      '--email',
      'Quentin.Erasmus@example.com',
    );
    expect(erased.code).toBe(0);
    expect(tracesIn(dataDir)).toEqual(noTraces);
    expect(await readRows(sqliteStorage(dataDir), 'select email from messages')).toEqual([
      { email: other.email },
    ]);
    expect(filesHolding(dataDir, 'kumquat-harbour-7').some((path) => path.startsWith('mail/'))).toBe(true);
  });

  it('the confirmation mail of a marketing consent too', async () => {
    const { app, dataDir } = await buildTestApp();
    expect((await sendMessage(app, { ...person, marketingConsent: true })).statusCode).toBe(201);
    // The company's notification and the visitor's confirmation link, each renamed from .tmp once written.
    await vi.waitFor(() => expect(emlFiles(dataDir)).toHaveLength(2));
    expect(filesHolding(dataDir, person.email).filter((path) => path.startsWith('mail/'))).toHaveLength(2);

    expect((await messagesInProcess(sqliteStorage(dataDir), 'erase', '--email', person.email)).code).toBe(0);
    expect(tracesIn(dataDir)).toEqual(noTraces);
  });

  it('with the server stopped', async () => {
    const { app, dataDir } = await serverWithMessages();
    await app.close();
    expect(filesHolding(dataDir, person.email)).not.toEqual([]);

    expect((await messagesInProcess(sqliteStorage(dataDir), 'erase', '--email', person.email)).code).toBe(0);
    expect(tracesIn(dataDir)).toEqual(noTraces);
  });
});

describe('subject access', () => {
  it('lists the .eml copies of the person’s notifications', async () => {
    const { dataDir } = await serverWithMessages();
    const copies = filesHolding(dataDir, person.email).filter((path) => path.startsWith('mail/'));
    expect(copies).toHaveLength(1);
    const report = JSON.parse(
      (await messagesInProcess(sqliteStorage(dataDir), 'subject-access', '--email', person.email)).out,
    );
    expect(report.notificationFiles).toEqual(copies.map((path) => join(dataDir, path)));
  });
});

describe('copies an earlier version left behind (their rows already gone)', () => {
  /** Deletes as versions before secure_delete did, and takes the database back to before the upgrade. */
  const dropRows = async (dataDir: string, where: string) => {
    const storage = sqliteStorage(dataDir);
    await writeRows(
      storage,
      `delete from outbox where message_id in (select id from messages where ${where})`,
    );
    await writeRows(storage, `delete from messages where ${where}`);
    const db = openSqlite(dataDir, 5000);
    await migrateBackTo(db as Kysely<unknown>, '004-marketing-consents').finally(() => db.destroy());
    expect(filesHolding(dataDir, person.email)).toContainEqual(expect.stringMatching(/^site\.db/));
  };

  it('subject-access reports and erase deletes them, found by their Reply-To; no bytes stay in free space', async () => {
    const { dataDir } = await serverWithMessages();
    const [copy] = filesHolding(dataDir, person.email).filter((path) => path.startsWith('mail/'));
    await dropRows(dataDir, `email = '${person.email}'`);

    const report = JSON.parse(
      (await messagesInProcess(sqliteStorage(dataDir), 'subject-access', '--email', person.email)).out,
    );
    expect(report.notificationFiles).toEqual([join(dataDir, copy!)]);
    const erased = await messagesInProcess(sqliteStorage(dataDir), 'erase', '--email', person.email);
    expect(erased.out).toBe('0 message(s), 0 answer(s) by mail and 1 notification file(s) erased');
    expect(filesHolding(dataDir, person.email)).toEqual([]);
  });

  it('purge deletes those written before the cutoff', async () => {
    const { dataDir } = await serverWithMessages();
    const [copy] = filesHolding(dataDir, person.email).filter((path) => path.startsWith('mail/'));
    await dropRows(dataDir, `email = '${person.email}'`);
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(join(dataDir, copy!), longAgo, longAgo);

    const purged = await messagesInProcess(sqliteStorage(dataDir), 'purge', '--older-than', '30');
    expect(purged.out).toBe('0 message(s) older than 30 day(s) and 1 notification file(s) deleted');
    expect(filesHolding(dataDir, person.email)).toEqual([]);
    expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1);
  });
});

describe('purge --older-than', () => {
  it('deletes the old messages’ .eml files too and leaves none of their bytes', async () => {
    const { dataDir } = await serverWithMessages();
    await writeRows(
      sqliteStorage(dataDir),
      `update messages set received_at = '2020-01-01T00:00:00.000Z' where email = '${person.email}'`,
    );
    const purged = await messagesInProcess(sqliteStorage(dataDir), 'purge', '--older-than', '30');
    expect(purged.out).toBe('1 message(s) older than 30 day(s) and 1 notification file(s) deleted');
    expect(tracesIn(dataDir)).toEqual(noTraces);
    expect(filesHolding(dataDir, 'kumquat-harbour-7')).not.toEqual([]);
  });
});

describe('a notification written while its message is erased', () => {
  it('is withdrawn when the worker finds the message gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const db = await openDatabase({ dataDir, lockTimeoutMs: 5_000 });
    onTestFinished(() => db.destroy());
    await storeMessage(db, person);
    const files = fileMailer(dataDir);
    let written = false;
    const mailer: Mailer = {
      ...files,
      async deliver(mail) {
        // The operator's erase lands between the worker reading the message and writing its file.
        await dataSubjects(db, dataDir, () => 'a'.repeat(32)).erase(person.email);
        const where = await files.deliver(mail);
        written = true;
        return where;
      },
    };
    const worker = startMailWorker({
      mailer,
      sources: [
        messageMails(
          db,
          mailer,
          { siteName: 'Test Company', from: 'site@test.example', notifyTo: ['sales@test.example'] },
          {
            siteName: 'Test Company',
            from: 'site@test.example',
            siteUrl: 'http://localhost',
            secret: 'erasure-test-secret-0123456789abcdef',
            confirmDays: 7,
          },
          {
            siteName: 'Test Company',
            legalName: 'Test Company Ltd',
            addressLines: { en: [], el: [] },
            email: 'support@test.example',
            siteUrl: 'http://localhost',
            from: 'site@test.example',
            replyAddress: 'support@test.example',
            timeZone: 'Europe/Nicosia',
            answerExpectedBy: async (receivedAt) => receivedAt,
            secret: () => 'erasure-test-secret-0123456789abcdef',
          },
        ),
      ],
      retry: { firstDelayMs: 50, maxDelayMs: 50, maxAttempts: 3 },
      pollMs: 20,
      leaseMs: 60_000,
      log: Fastify({ logger: { level: 'silent' } }).log,
    });
    onTestFinished(() => worker.stop());
    await vi.waitFor(() => expect(written).toBe(true));
    await worker.stop();
    expect(filesHolding(dataDir, person.email)).toEqual([]);
  });
});
