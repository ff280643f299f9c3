import { CONTACT_API_PATH, formFieldNames, LIVENESS_PATH, READINESS_PATH } from '@site/api-contract';
import { closeAfterTest, startTestSmtpSink } from '@site/testing/per-test';
import { startPrivatePostgres } from '@site/testing/private-postgres';
import type { RunningServer } from '@site/testing/server-process';
import { expect, it } from 'vitest';
import { siteKey, startFaultServer } from './support/fault-server.ts';
import { notificationCounts, waitForNotifications } from './support/notified-messages.ts';
import { acknowledgedIds, type SendOutcome, sendMessages, tally } from './support/send-messages.ts';
import { settledOutbox, storedMessageIds } from './support/stored-messages.ts';
import { postgresStorage } from './support/storage.ts';

const CONCURRENCY = 20;
const BATCH = 100;
/** Messages answered 201 before PostgreSQL stops, and 503 while it is down before it starts again. */
const STORED_BEFORE = 100;
const REFUSED_WHILE_DOWN = 50;

const now = () => performance.now();
/** Waits, as long as a slow machine may need, until `count()` reaches `atLeast`. */
const reach = (count: () => number, atLeast: number) =>
  expect.poll(count, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(atLeast);

/** What a load balancer and a visitor without JavaScript see of one server right now. */
async function probe(server: RunningServer) {
  const form = await fetch(server.url + CONTACT_API_PATH, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({
      [formFieldNames.siteKey]: siteKey,
      name: 'Form Visitor',
      email: 'form-visitor@example.com',
      subject: 'Sent without JavaScript',
      message: 'Sent while the database restarts.',
    }),
  });
  return {
    healthz: (await fetch(server.url + LIVENESS_PATH)).status,
    readyz: (await fetch(server.url + READINESS_PATH)).status,
    form: { status: form.status, page: await form.text() },
  };
}

it('answers only 503 while PostgreSQL is down, loses no 201, and recovers without a restart', async () => {
  const postgres = closeAfterTest(await startPrivatePostgres(), (server) => server.destroy());
  const storage = await postgresStorage(postgres.url);
  const sink = await startTestSmtpSink();
  const servers: RunningServer[] = [];
  for (let i = 0; i < 2; i++) {
    // A lease longer than the outage, as in production (5 min): an outcome the database missed is
    // recorded when it returns, before another server could take the mail again.
    const server = await startFaultServer(storage, { SMTP_URL: sink.url, OUTBOX_LEASE_MS: '30000' });
    servers.push(server);
  }
  const pids = servers.map((server) => server.process.pid);

  // Messages keep coming, in batches, until the database has been back for a while.
  const outcomes: (SendOutcome & { sentAt: number; answeredAt: number })[] = [];
  let sending = true;
  const load = (async () => {
    for (let batch = 0; sending; batch++) {
      const sentAt: number[] = [];
      await sendMessages({
        urls: servers.map((server) => server.url),
        count: BATCH,
        concurrency: CONCURRENCY,
        message: (index) => {
          sentAt[index] = now();
          return {
            name: `Restart ${batch}-${index}`,
            email: `restart-${batch}-${index}@example.com`,
            subject: `Batch ${batch}`,
            message: 'Sent while PostgreSQL stops and starts.',
          };
        },
        onOutcome: (outcome, index) =>
          outcomes.push({ ...outcome, sentAt: sentAt[index]!, answeredAt: now() }),
      });
    }
  })();

  const answered = (kind: SendOutcome['kind'], after: number) =>
    outcomes.filter((o) => o.kind === kind && o.sentAt > after);
  await reach(() => answered('stored', 0).length, STORED_BEFORE);
  await postgres.stop();
  const downFrom = now();
  await reach(() => answered('refused', downFrom).length, REFUSED_WHILE_DOWN / 2);
  const whileDown = await Promise.all(servers.map(probe));
  await reach(() => answered('refused', downFrom).length, REFUSED_WHILE_DOWN);
  const downUntil = now();
  await postgres.start();
  const upAgain = now();
  // Until both processes have stored messages sent after it was back.
  await reach(() => new Set(answered('stored', upAgain).map((o) => o.url)).size, 2);
  sending = false;
  await load;
  const afterwards = await Promise.all(servers.map(probe));

  const acknowledged = acknowledgedIds(outcomes);
  const stored = await storedMessageIds(storage);
  const missing = await waitForNotifications(() => sink.mails, stored, 30_000);
  const outbox = await settledOutbox(storage, 10_000);
  const counts = notificationCounts(sink.mails);
  const sentWhileDown = outcomes.filter((o) => o.sentAt > downFrom && o.answeredAt < downUntil);
  const storedAfter = outcomes.filter((o) => o.kind === 'stored' && o.sentAt > upAgain);
  const summary = tally(outcomes);
  console.log(
    `PostgreSQL stopped for ${((downUntil - downFrom) / 1000).toFixed(1)} s under load, two servers: sent ${summary.sent},`,
    `acknowledged ${summary.acknowledged}, refused ${JSON.stringify(summary.refused)},`,
    `no answer ${JSON.stringify(summary.noAnswer)}; sent and answered while down ${sentWhileDown.length},`,
    `of them 503 ${sentWhileDown.filter((o) => o.kind === 'refused' && o.status === 503).length};`,
    `201 after the restart ${storedAfter.length}; stored ${stored.length} (${stored.length - acknowledged.length} without a 201);`,
    `notified ${counts.size}, more than once ${[...counts.values()].filter((n) => n > 1).length}; outbox ${JSON.stringify(outbox)}`,
  );

  // While down: alive, not ready, and every message refused with 503, the form with its page.
  for (const seen of whileDown) {
    expect(seen.healthz).toBe(200);
    expect(seen.readyz).toBe(503);
    expect(seen.form.status).toBe(503);
    expect(seen.form.page).toContain('Your message could not be stored');
  }
  expect(sentWhileDown.length).toBeGreaterThan(0);
  expect(sentWhileDown.filter((o) => !(o.kind === 'refused' && o.status === 503))).toEqual([]);
  expect(Object.keys(summary.refused)).toEqual(['503']);
  expect(summary.noAnswer).toEqual({});
  // Back without a restart: the same processes store messages again and are ready.
  expect(servers.map((server) => [server.process.pid, server.process.exitCode])).toEqual(
    pids.map((pid) => [pid, null]),
  );
  for (const seen of afterwards) {
    expect(seen.readyz).toBe(200);
    expect(seen.form.status).toBe(303);
  }
  expect(new Set(storedAfter.map((o) => o.url)).size).toBe(2);
  // No 201 lost; a commit whose answer the shutdown cut off is stored (and notified) though it got a 503.
  const storedSet = new Set(stored);
  expect(acknowledged.filter((id) => !storedSet.has(id))).toEqual([]);
  expect(stored.length - acknowledged.length).toBeLessThanOrEqual(summary.refused[503] ?? 0);
  expect(missing).toEqual([]);
  expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
  expect(outbox).toEqual({ pending: 0, failed: 0, sent: stored.length, failures: [] });
});
