import { startTestSmtpSink } from '@site/testing/per-test';
import { expect, it } from 'vitest';
import { loggedErrors, startFaultServer } from './support/fault-server.ts';
import { notificationCounts, waitForNotifications } from './support/notified-messages.ts';
import { acknowledgedIds, sendMessages, tally } from './support/send-messages.ts';
import { settledOutbox, storedMessageIds } from './support/stored-messages.ts';
import { postgresStorage } from './support/storage.ts';

/**
 * Without SKIP LOCKED the two outboxes sent 617 of 2 000 twice, about one in three: of 300, a hundred
 * would go twice, and even at one in fifty the chance that none of 300 does is 0.2 %.
 */
const MESSAGES = 300;
const CONCURRENCY = 100;

it('two servers on one PostgreSQL store every acknowledged message and notify each exactly once', async () => {
  const storage = await postgresStorage();
  const sink = await startTestSmtpSink();
  const servers = [];
  for (let i = 0; i < 2; i++) {
    const server = await startFaultServer(storage, { SMTP_URL: sink.url });
    servers.push(server);
  }

  const outcomes = await sendMessages({
    urls: servers.map((server) => server.url),
    count: MESSAGES,
    concurrency: CONCURRENCY,
  });
  const acknowledged = acknowledgedIds(outcomes);
  const missing = await waitForNotifications(() => sink.mails, acknowledged, 60_000);
  const outbox = await settledOutbox(storage, 10_000);
  const stored = await storedMessageIds(storage);
  const counts = notificationCounts(sink.mails);
  const twice = [...counts].filter(([, count]) => count > 1);
  const summary = tally(outcomes);
  console.log(
    `two servers on PostgreSQL: sent ${summary.sent} (${CONCURRENCY} at once),`,
    `acknowledged ${summary.acknowledged}, refused ${JSON.stringify(summary.refused)},`,
    `no answer ${JSON.stringify(summary.noAnswer)}; stored ${stored.length}; notified ${counts.size},`,
    `more than once ${twice.length}; outbox ${JSON.stringify(outbox)}`,
  );

  expect(summary.acknowledged).toBe(MESSAGES);
  expect(stored.toSorted()).toEqual(acknowledged.toSorted());
  expect(missing).toEqual([]);
  expect(twice).toEqual([]);
  expect(sink.mails).toHaveLength(MESSAGES);
  expect(outbox).toEqual({ pending: 0, failed: 0, sent: MESSAGES, failures: [] });
  expect(servers.flatMap(loggedErrors)).toEqual([]);
});
