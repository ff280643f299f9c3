import { hardKill } from '@site/testing/hard-kill';
import type { RunningServer } from '@site/testing/server-process';
import type { WebhookReceiver } from '@site/testing/webhook-receiver';
import { expect, it } from 'vitest';
import { loggedErrors, startFaultServer, startFaultServers } from './support/fault-server.ts';
import { acknowledgedIds, sendMessages, tally } from './support/send-messages.ts';
import { postgresStorage, type Storage, sqliteStorage } from './support/storage.ts';
import {
  deliveredMessageId,
  deliveryStates,
  settledDeliveries,
  startFaultReceiver,
} from './support/webhook-deliveries.ts';

/** WEBHOOK_DELIVERIES_AT_ONCE's default: the deliveries a server holds open to a receiver that hangs. */
const AT_ONCE = 8;

/** Waits until every id in `ids` has a verified delivery among the requests from the `from`-th on. */
async function waitForDeliveries(receiver: WebhookReceiver, ids: readonly string[], from = 0) {
  const arrived = () => new Set(receiver.received.slice(from).map(deliveredMessageId));
  await expect
    .poll(() => ids.filter((id) => !arrived().has(id)), {
      timeout: 60_000,
      interval: 100,
      message: 'messages without a verified delivery',
    })
    .toEqual([]);
}

/**
 * `instances` servers on `storage` post to a receiver that takes every delivery and never answers; the
 * first server is killed with SIGKILL while it holds its deliveries open, the receiver then answers 2xx,
 * and the killed server starts again on the same storage and port.
 */
async function killMidDelivery(storage: Storage, instances: number) {
  const { receiver, env } = await startFaultReceiver();
  receiver.answer({ kind: 'hang' });
  const servers = await startFaultServers(instances, storage, env);
  const [victim, ...survivors] = servers as [RunningServer, ...RunningServer[]];

  const count = 5 * AT_ONCE * instances;
  const outcomes = await sendMessages({ urls: servers.map((server) => server.url), count, concurrency: 10 });
  const acknowledged = acknowledgedIds(outcomes);
  // Every server has all its slots on deliveries the receiver holds; the rest wait their turn. On a slow
  // machine a held delivery may already have timed out and been tried again: then the receiver holds more.
  await expect
    .poll(() => receiver.received.length, { timeout: 10_000, interval: 10, message: 'requests held open' })
    .toBeGreaterThanOrEqual(AT_ONCE * instances);
  const held = receiver.received.map((request) => request.id);
  await hardKill(victim.process);
  expect(victim.process.signalCode).toBe('SIGKILL');

  receiver.answer({ kind: 'ok' });
  const answeredFrom = receiver.received.length;
  const restarted = await startFaultServer(storage, env, victim.port);
  await waitForDeliveries(receiver, acknowledged, answeredFrom);
  const deliveries = await settledDeliveries(storage, 30_000);

  const answered = receiver.received.slice(answeredFrom);
  const answeredIds = answered.map((request) => request.id);
  const summary = tally(outcomes);
  console.log(
    `webhooks, kill -9 of 1 of ${instances} server(s) on ${storage.name}: sent ${summary.sent},`,
    `acknowledged ${summary.acknowledged}; requests held open at the kill ${held.length};`,
    `after it ${answered.length} answered 2xx (${new Set(answeredIds).size} webhook-ids), all requests`,
    `${receiver.received.length}, unique verified ${receiver.unique().length};`,
    `deliveries ${JSON.stringify(deliveryStates(deliveries))}`,
  );

  expect(summary.acknowledged).toBe(count);
  // Every message's event arrived and verified once the receiver answered, each webhook-id once; those
  // held open at the kill came again with the same webhook-id, so a receiver can tell them apart.
  expect(answered.filter((request) => !request.verified)).toEqual([]);
  expect(answered.map(deliveredMessageId).toSorted()).toEqual(acknowledged.toSorted());
  expect(new Set(answeredIds).size).toBe(answered.length);
  expect(held.filter((id) => !answeredIds.includes(id))).toEqual([]);
  expect(receiver.unique()).toHaveLength(count);
  // And the log says so: one delivery per message, sent, the receiver's 204 its last answer.
  expect(deliveries.map((each) => each.messageId).toSorted()).toEqual(acknowledged.toSorted());
  expect(deliveryStates(deliveries)).toEqual({ pending: 0, sent: count, failed: 0 });
  expect(deliveries.filter((each) => each.answer !== 204)).toEqual([]);
  for (const server of [restarted, ...survivors]) expect(loggedErrors(server)).toEqual([]);
}

/** Two servers started at once on `storage`, one receiver, `count` messages spread over both. */
async function twoInstancesDeliverOnce(storage: Storage, count: number) {
  const { receiver, env: receiverEnv } = await startFaultReceiver();
  // No server dies here, so the cut-off and the lease keep their production meaning: a delivery that a
  // starved machine took more than 1.5 s over would be tried again, a second request for its message.
  const env = { ...receiverEnv, WEBHOOK_TIMEOUT_MS: '20000', OUTBOX_LEASE_MS: '60000' };
  // Started together: both set up the storage and write the settings' endpoint at the same moment, and it
  // must still be one.
  const servers = await startFaultServers(2, storage, env);

  const outcomes = await sendMessages({ urls: servers.map((server) => server.url), count, concurrency: 50 });
  const acknowledged = acknowledgedIds(outcomes);
  await waitForDeliveries(receiver, acknowledged);
  const deliveries = await settledDeliveries(storage, 30_000);

  const ids = receiver.received.map((request) => request.id);
  const summary = tally(outcomes);
  console.log(
    `webhooks, two servers on ${storage.name}: sent ${summary.sent}, acknowledged ${summary.acknowledged};`,
    `requests at the receiver ${receiver.received.length} (${new Set(ids).size} webhook-ids, verified`,
    `${receiver.received.filter((request) => request.verified).length});`,
    `deliveries ${JSON.stringify(deliveryStates(deliveries))}`,
  );

  expect(summary.acknowledged).toBe(count);
  // Exactly one request per message: no webhook-id twice, none unverified, no message missing.
  expect(receiver.received).toHaveLength(count);
  expect(new Set(ids).size).toBe(count);
  expect(receiver.received.filter((request) => !request.verified)).toEqual([]);
  expect(receiver.received.map(deliveredMessageId).toSorted()).toEqual(acknowledged.toSorted());
  expect(deliveryStates(deliveries)).toEqual({ pending: 0, sent: count, failed: 0 });
  expect(deliveries.filter((each) => each.attempts !== 1 || each.answer !== 204)).toEqual([]);
  expect(servers.flatMap(loggedErrors)).toEqual([]);
}

it('loses no webhook when its one server on SQLite is killed with SIGKILL mid-delivery', () =>
  killMidDelivery(sqliteStorage(), 1));

it('loses no webhook when one of two servers on PostgreSQL is killed with SIGKILL mid-delivery', async () =>
  killMidDelivery(await postgresStorage(), 2));

/**
 * The webhooks' claims are the outbox's (the queue layer's), of which two servers without SKIP LOCKED sent
 * about one in three twice: of 200, some 65 would show it.
 */
const DELIVERIES = 200;

it('two servers on one PostgreSQL database post each webhook exactly once', async () =>
  twoInstancesDeliverOnce(await postgresStorage(), DELIVERIES));

it('two servers on one SQLite DATA_DIR post each webhook exactly once', () =>
  twoInstancesDeliverOnce(sqliteStorage(), DELIVERIES));
