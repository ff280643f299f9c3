import { hardKill } from '@site/testing/hard-kill';
import { startSmtpSink } from '@site/testing/mail';
import type { RunningServer } from '@site/testing/server-process';
import { afterAll, expect, it } from 'vitest';
import { loggedErrors, startFaultServer } from './support/fault-server.ts';
import { notificationCounts, notifiedMessageId, waitForNotifications } from './support/notified-messages.ts';
import { acknowledgedIds, type SendOutcome, sendMessages, tally } from './support/send-messages.ts';
import { outboxState, storedMessageIds } from './support/stored-messages.ts';
import { type Storage, sqliteStorage } from './support/storage.ts';

const MESSAGES = 1500;
const KILL_AFTER_ANSWERS = 750;
const AFTER_RESTART = 300;
const CONCURRENCY = 50;

const now = () => performance.timeOrigin + performance.now();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function waitForEmptyOutbox(storage: Storage, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await outboxState(storage);
    if (state.pending === 0 || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('loses no acknowledged message when killed with SIGKILL mid-load, and notifies each once after a restart', async () => {
  const storage = sqliteStorage();
  cleanups.push(storage.drop);
  const sink = await startSmtpSink();
  cleanups.push(sink.close);
  const env = { SMTP_URL: sink.url };
  const first = await startFaultServer(storage, env);

  let answers = 0;
  let killed: Promise<void> | undefined;
  const beforeKill = await sendMessages({
    urls: [first.url],
    count: MESSAGES,
    concurrency: CONCURRENCY,
    onOutcome: () => {
      if (++answers === KILL_AFTER_ANSWERS) killed = hardKill(first.process);
    },
  });
  await killed;
  expect(first.process.signalCode).toBe('SIGKILL');
  // The sink (in this process) may still be reading a mail the killed server had written: a moment for
  // that, so that every mail after `restartedAt` comes from the restarted server.
  await new Promise((resolve) => setTimeout(resolve, 200));

  const restartedAt = now();
  const second: RunningServer = await startFaultServer(storage, env, first.port);
  cleanups.push(second.stop);
  const afterRestart = await sendMessages({
    urls: [second.url],
    count: AFTER_RESTART,
    concurrency: CONCURRENCY,
  });
  const outcomes: SendOutcome[] = [...beforeKill, ...afterRestart];
  const acknowledged = acknowledgedIds(outcomes);

  const stored = await storedMessageIds(storage);
  const missing = await waitForNotifications(() => sink.mails, stored, 60_000);
  const outbox = await waitForEmptyOutbox(storage, 30_000);
  const counts = notificationCounts(sink.mails);
  const twice = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  const firstCopyAt = (id: string) =>
    Math.min(...sink.mails.filter((mail) => notifiedMessageId(mail) === id).map((mail) => mail.at));

  const summary = tally(outcomes);
  console.log(
    `kill -9 on SQLite: sent ${summary.sent} (${MESSAGES} before and during the kill, ${AFTER_RESTART} after the restart),`,
    `acknowledged ${summary.acknowledged}, refused ${JSON.stringify(summary.refused)},`,
    `no answer ${JSON.stringify(summary.noAnswer)}; stored ${stored.length}, stored without a 201`,
    `${stored.length - acknowledged.length}; notified ${counts.size}, twice ${twice.length}`,
    `(first copy sent by the killed process); outbox ${JSON.stringify(outbox)}`,
  );

  const storedSet = new Set(stored);
  expect(acknowledged.filter((id) => !storedSet.has(id))).toEqual([]);
  expect(Object.keys(summary.refused)).toEqual([]);
  // A message committed just before the kill may have lost its 201 on the way: then it must be whole.
  expect(stored.length - acknowledged.length).toBeLessThanOrEqual(
    Object.values(summary.noAnswer).reduce((sum, count) => sum + count, 0),
  );
  expect(missing).toEqual([]);
  expect([...counts.keys()].filter((id) => !storedSet.has(id))).toEqual([]);
  expect(outbox).toEqual({ pending: 0, failed: 0, sent: stored.length, failures: [] });
  expect(loggedErrors(second)).toEqual([]);
  // At-least-once: a mail the SMTP server took before the kill, whose row was not yet marked sent, goes
  // again after the restart. Only those may arrive twice, and never more often.
  expect(twice.filter((id) => counts.get(id) !== 2 || firstCopyAt(id) >= restartedAt)).toEqual([]);
});
