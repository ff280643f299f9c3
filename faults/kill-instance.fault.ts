import { hardKill } from '@site/testing/hard-kill';
import { startTestSmtpSink } from '@site/testing/per-test';
import type { RunningServer } from '@site/testing/server-process';
import { expect, it } from 'vitest';
import { loggedErrors, startFaultServer } from './support/fault-server.ts';
import { notificationCounts, waitForNotifications } from './support/notified-messages.ts';
import { acknowledgedIds, type SendOutcome, sendMessages, tally } from './support/send-messages.ts';
import { between, faultSeed, seededRandom } from './support/fault-seed.ts';
import { settledOutbox, storedMessageIds } from './support/stored-messages.ts';
import { postgresStorage, type Storage, sqliteStorage } from './support/storage.ts';

/**
 * What the kill can hit is the 50 messages in flight (between the socket and the commit) and the mails
 * being claimed and sent; the messages before it only decide when it comes, which the seed moves across
 * runs. 300 leave the kill anywhere from the 30th answer to the 270th with a backlog of mails to claim.
 */
const MESSAGES = 300;
const AFTER_RESTART = 100;
/** Messages in flight at once: at the kill, this many are somewhere between the socket and the commit. */
const CONCURRENCY = 50;

/**
 * `instances` servers on `storage` under load; the first is killed with SIGKILL once a number of answers
 * the run's seed draws came back (from a tenth to nine tenths of them), then restarted on the same
 * address while messages keep arriving at all of them.
 */
async function killMidLoad(storage: Storage, instances: number) {
  const killAfterAnswers = between(
    seededRandom(`kill-instance ${instances}`),
    MESSAGES / 10,
    (MESSAGES * 9) / 10,
  );
  // The victim mails an SMTP server of its own, so a mail that went twice tells who sent its copies.
  const victimSink = await startTestSmtpSink();
  const sink = await startTestSmtpSink();
  const env = { SMTP_URL: sink.url };
  const victim = await startFaultServer(storage, { SMTP_URL: victimSink.url });
  const survivors: RunningServer[] = [];
  for (let i = 1; i < instances; i++) survivors.push(await startFaultServer(storage, env));
  const servers = [victim, ...survivors];

  let answers = 0;
  let killed: Promise<void> | undefined;
  const beforeKill = await sendMessages({
    urls: servers.map((server) => server.url),
    count: MESSAGES,
    concurrency: CONCURRENCY,
    onOutcome: () => {
      if (++answers === killAfterAnswers) killed = hardKill(victim.process);
    },
  });
  await killed;
  expect(victim.process.signalCode).toBe('SIGKILL');

  const restarted = await startFaultServer(storage, env, victim.port);
  const afterRestart = await sendMessages({
    urls: [restarted, ...survivors].map((server) => server.url),
    count: AFTER_RESTART,
    concurrency: CONCURRENCY,
  });
  const outcomes: SendOutcome[] = [...beforeKill, ...afterRestart];
  const acknowledged = acknowledgedIds(outcomes);

  const stored = await storedMessageIds(storage);
  const mails = () => [...victimSink.mails, ...sink.mails];
  const missing = await waitForNotifications(mails, stored, 60_000);
  const outbox = await settledOutbox(storage, 30_000);
  const counts = notificationCounts(mails());
  const twice = [...counts].filter(([, count]) => count > 1).map(([id]) => id);
  const victimCopies = notificationCounts(victimSink.mails);

  const summary = tally(outcomes);
  console.log(
    `kill -9 of 1 of ${instances} server(s) on ${storage.name}, FAULT_SEED=${faultSeed}: sent ${summary.sent}`,
    `(${MESSAGES} before and during the kill, after answer ${killAfterAnswers}; ${AFTER_RESTART} after the restart),`,
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
  for (const server of [restarted, ...survivors]) expect(loggedErrors(server)).toEqual([]);
  // At-least-once: a mail the SMTP server took before the kill, whose row was not yet marked sent, goes
  // again after the restart. Only those may arrive twice, once from the killed server, and never more often.
  expect(twice.filter((id) => counts.get(id) !== 2 || victimCopies.get(id) !== 1)).toEqual([]);
}

it('loses no acknowledged message when its one server on SQLite is killed with SIGKILL mid-load', () =>
  killMidLoad(sqliteStorage(), 1));

it('loses no acknowledged message when one of two servers on PostgreSQL is killed with SIGKILL mid-load', async () =>
  killMidLoad(await postgresStorage(), 2));
