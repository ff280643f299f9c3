import { hardKill } from '@site/testing/hard-kill';
import { startTestDovecot, startTestSmtpSink } from '@site/testing/per-test';
import { expect, it } from 'vitest';
import { faultRows } from './support/fault-database.ts';
import { loggedErrors, startFaultServer } from './support/fault-server.ts';
import { between, faultSeed, seededRandom } from './support/fault-seed.ts';
import { notificationCounts, waitForNotifications } from './support/notified-messages.ts';
import { postgresStorage, type Storage } from './support/storage.ts';

/** The fault comes after 10 to 50 of them are moved, while both servers still take mails in turn. */
const MAILS = 100;
const IMAP_DOWN_MS = 1500;
const FOLDER = 'Imported';

/** A visitor's first mail to the company, as a mail client sends it. */
const mail = (n: number) =>
  [
    `From: Visitor ${n} <visitor${n}@example.org>`,
    'To: support@test.example',
    `Subject: Question ${n}`,
    `Message-ID: <question-${n}@example.org>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Could you tell me more about the CRM? This is question ${n}.`,
    '',
  ].join('\r\n');

const storedSubjects = async (storage: Storage) =>
  (await faultRows(storage, 'select id, subject from messages')).map((row) => ({
    id: String(row.id),
    subject: String(row.subject),
  }));

const until = async (done: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
};

it('imports every mail exactly once while two servers read one mailbox, one is killed with SIGKILL and the IMAP server restarts', async () => {
  // The first server is killed, and the IMAP server stopped for a while, once this many are imported.
  const faultAfter = between(seededRandom('mail-import'), 10, MAILS / 2);
  const storage = await postgresStorage();
  const dovecot = await startTestDovecot();
  const sink = await startTestSmtpSink();
  await dovecot.deliver(Array.from({ length: MAILS }, (_, n) => mail(n)));
  const env = { SMTP_URL: sink.url, IMAP_URL: dovecot.url, IMAP_MOVE_TO: FOLDER, IMAP_POLL_MS: '1000' };
  const victim = await startFaultServer(storage, env);
  const survivor = await startFaultServer(storage, env);

  const moved = async () => (await dovecot.list(FOLDER)).length;
  expect(await until(async () => (await moved()) >= faultAfter, 30_000)).toBe(true);
  const atFault = await moved();
  await Promise.all([hardKill(victim.process), dovecot.stop()]);
  await new Promise((resolve) => setTimeout(resolve, IMAP_DOWN_MS));
  await dovecot.start();
  const restarted = await startFaultServer(storage, env, victim.port);

  const allMoved = await until(async () => (await moved()) === MAILS, 60_000);
  const left = await dovecot.list('INBOX');
  const exported = await storedSubjects(storage);
  const subjects = exported.map((row) => row.subject);
  const missing = await waitForNotifications(
    () => sink.mails,
    exported.map((row) => row.id),
    30_000,
  );
  const counts = notificationCounts(sink.mails);
  console.log(
    `mail import, FAULT_SEED=${faultSeed}: ${MAILS} mails, 2 servers on one mailbox; at ${atFault} moved, one server killed`,
    `and the IMAP server down ${IMAP_DOWN_MS} ms; moved ${await moved()}, left ${left.length}, stored`,
    `${exported.length} (${new Set(subjects).size} distinct), notified ${counts.size},`,
    `twice ${[...counts.values()].filter((count) => count > 1).length}`,
  );

  expect(allMoved).toBe(true);
  expect(left).toEqual([]);
  expect(subjects.toSorted()).toEqual(Array.from({ length: MAILS }, (_, n) => `Question ${n}`).toSorted());
  expect(missing).toEqual([]);
  // At-least-once: only a notification the killed server had handed to the SMTP server may go twice.
  expect([...counts.values()].filter((count) => count > 2)).toEqual([]);
  expect([restarted, survivor].flatMap(loggedErrors)).toEqual([]);
});
