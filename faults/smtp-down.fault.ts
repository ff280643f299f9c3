import { startSmtpSink } from '@site/testing/mail';
import { freePort } from '@site/testing/ports';
import { expect, it, onTestFinished } from 'vitest';
import { loggedErrors, startFaultServers } from './support/fault-server.ts';
import { notificationCounts, waitForNotifications } from './support/notified-messages.ts';
import { acknowledgedIds, type SendOutcome, sendMessages, tally } from './support/send-messages.ts';
import { settledOutbox, storedMessageIds } from './support/stored-messages.ts';
import { postgresStorage, type Storage, sqliteStorage } from './support/storage.ts';

/** Enough that the second mail server closes with half a phase's mails still to deliver. */
const PER_PHASE = 50;
const CONCURRENCY = 20;

/**
 * `instances` servers on `storage` send through one mail server address that is down at first, comes up,
 * goes down again (closing, as for maintenance: 421 to every further command) and comes back as a new
 * process; messages keep arriving in every phase.
 */
async function sendThroughSmtpOutages(storage: Storage, instances: number) {
  const smtpPort = await freePort();
  // No server dies here, so the lease keeps its production meaning: longer than any delivery can take
  // (SMTP's 20 s connect and 60 s idle limits), even to a mail server that is closing. The fault settings'
  // 2 s lease, made for killed servers, let a slow delivery's mail be claimed and sent a second time.
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, OUTBOX_LEASE_MS: '120000' };
  // The mail servers come up after the servers, but close after them (clean-up runs last registered
  // first): a sink closes only once the servers' pooled connections are gone.
  const sinks: Awaited<ReturnType<typeof startSmtpSink>>[] = [];
  onTestFinished(() => Promise.all(sinks.map((sink) => sink.close())).then(() => {}));
  const servers = await startFaultServers(instances, storage, env);
  const urls = servers.map((server) => server.url);
  const retries = () =>
    servers.reduce((sum, server) => sum + server.output().split('mail will be retried').length - 1, 0);
  /** Waits until the servers found the mail server gone once more: a delivery failed and was queued again. */
  const failedAgain = async () => {
    const before = retries();
    await expect.poll(retries, { timeout: 30_000, interval: 20 }).toBeGreaterThan(before);
  };
  let phase = 0;
  const send = async () =>
    sendMessages({
      urls,
      count: PER_PHASE,
      concurrency: CONCURRENCY,
      message: (index) => ({
        name: `Outage ${phase}-${index}`,
        email: `outage-${phase}-${index}@example.com`,
        subject: `Sent in phase ${phase}`,
        message: 'Sent while the mail server comes and goes.',
      }),
    }).finally(() => phase++);

  const outcomes: SendOutcome[] = [];
  outcomes.push(...(await send())); // no mail server yet
  await failedAgain();
  const firstSink = await startSmtpSink(smtpPort);
  sinks.push(firstSink);
  outcomes.push(...(await send()));
  // Down again in the middle of delivering the backlog. Not awaited: closing waits up to 30 s for the
  // pooled connections, which now get 421 to every command.
  await firstSink.waitForMails(PER_PHASE / 2, 30_000);
  void firstSink.close();
  const failing = failedAgain();
  outcomes.push(...(await send()));
  await failing;
  const secondSink = await startSmtpSink(smtpPort);
  sinks.push(secondSink);
  outcomes.push(...(await send()));

  const mails = () => [...firstSink.mails, ...secondSink.mails];
  const acknowledged = acknowledgedIds(outcomes);
  const missing = await waitForNotifications(mails, acknowledged, 60_000);
  const outbox = await settledOutbox(storage, 10_000);
  const stored = await storedMessageIds(storage);
  const counts = notificationCounts(mails());
  const twice = [...counts].filter(([, count]) => count > 1);
  const summary = tally(outcomes);
  console.log(
    `SMTP down and up again, ${storage.name}, ${instances} server(s): sent ${summary.sent} in 4 phases,`,
    `acknowledged ${summary.acknowledged}, refused ${JSON.stringify(summary.refused)},`,
    `no answer ${JSON.stringify(summary.noAnswer)}; stored ${stored.length}; deliveries retried ${retries()};`,
    `mails at the first sink ${firstSink.mails.length}, at the second ${secondSink.mails.length};`,
    `notified ${counts.size}, more than once ${twice.length}; outbox ${JSON.stringify(outbox)}`,
  );

  expect(summary.acknowledged).toBe(summary.sent);
  expect(stored.toSorted()).toEqual(acknowledged.toSorted());
  expect(retries()).toBeGreaterThan(0);
  expect(missing).toEqual([]);
  expect(twice).toEqual([]);
  expect(counts.size).toBe(acknowledged.length);
  expect(outbox).toEqual({ pending: 0, failed: 0, sent: acknowledged.length, failures: [] });
  expect(servers.flatMap(loggedErrors)).toEqual([]);
}

it('delivers every notification once the mail server is back, none twice (SQLite, one server)', () =>
  sendThroughSmtpOutages(sqliteStorage(), 1));

it('delivers every notification once the mail server is back, none twice (PostgreSQL, two servers)', async () =>
  sendThroughSmtpOutages(await postgresStorage(), 2));
