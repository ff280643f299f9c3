// Fault 7: a flood of valid-looking messages from many addresses through the proxy, with the normal rate
// limits on. Each address gets its limit and no more, pages keep being served, and a real visitor gets
// through. How quickly pages are served under such a flood is `npm run bench:load`'s measure.
import { expect, test } from 'vitest';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { floodAddress } from '@site/testing/flood';
import { trustingAgent } from '@site/testing/https-agent';
import { probeLatency } from '@site/testing/latency-probe';
import { closeAfterTest } from '@site/testing/per-test';
import { type ProxiedSite, startProxiedSite } from '@site/testing/proxied-site';
import { floodInChildProcess } from '@site/testing/run-flood';
import { numberedMessage } from '@site/testing/sample-message';
import { faultRows } from './support/fault-database.ts';
import { postgresStorage, sqliteStorage, type Storage } from './support/storage.ts';
import { countStoredMessages } from './support/stored-messages.ts';

/** At most; the flood ends once each address had its second visit, in a few seconds. */
const FLOOD_MS = 60_000;
const CONNECTIONS = 50;
const RATE_PER_MINUTE = 5;
/**
 * Each address sends its 5 messages on its first visit and 5 more on its second, 50 connections at once:
 * a hundred addresses each sending twice its limit through the proxy. More addresses would try the same
 * rule more often, not another one; how the pages fare under a longer flood is the benchmark's.
 */
const ADDRESSES = 100;
const ROUNDS = 2;

/** Stored messages by sending address, read from the database. */
const storedByAddress = async (storage: Storage) =>
  new Map(
    (await faultRows(storage, 'select ip, count(*) as count from messages group by ip')).map((row) => [
      String(row.ip),
      Number(row.count),
    ]),
  );

/** What Caddy logged at level error: why an answer was 502 or 503. */
const caddyErrors = (site: ProxiedSite) =>
  site.caddy
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":"error"'))
    .map((line) => `  caddy: ${line}`);

test('a flood from a hundred addresses gets each its limit, leaves pages served and a real visitor through', async () => {
  // FAULT_STORAGE=sqlite: both instances on one DATA_DIR instead of one PostgreSQL database.
  const storage: Storage = process.env.FAULT_STORAGE === 'sqlite' ? sqliteStorage() : await postgresStorage();
  const site = closeAfterTest(
    await startProxiedSite(storage.env, { CONTACT_RATE_PER_MINUTE: String(RATE_PER_MINUTE) }),
    (proxied) => proxied.stop(),
  );
  const ca = site.caddy.rootCertificate;
  const siteKey = builtSiteKey();
  const flooding = floodInChildProcess({
    origin: site.url,
    ca,
    siteKey,
    connections: CONNECTIONS,
    durationMs: FLOOD_MS,
    rounds: ROUNDS,
    addresses: ADDRESSES,
    messagesPerVisit: RATE_PER_MINUTE,
  });
  const probe = probeLatency(`${site.url}/`, ca, '127.0.9.1', flooding);

  // The real visitor comes while the flood is on: once it has had its first hundred messages stored.
  await expect
    .poll(() => countStoredMessages(storage), { timeout: FLOOD_MS, interval: 50 })
    .toBeGreaterThan(100);
  const visitor = closeAfterTest(trustingAgent(ca, '127.0.9.2'), (agent) => agent.close());
  const visitorStatus = (
    await postContact(site.url, visitor, await fetchXsrf(site.url, visitor), numberedMessage(0), siteKey)
  ).status;

  const result = await flooding;
  const page = await probe;
  const { 201: created = 0, 429: limited = 0, ...other } = result.statuses;
  console.log(
    [
      `flood through Caddy, ${storage.name}: ${CONNECTIONS} connections, ${result.addresses} source addresses, ${result.visits} visits`,
      `  posts ${result.posts} (+ ${result.tokenFetches} token fetches): 201 ${created}, 429 ${limited}, other ${JSON.stringify(other)}, no answer ${result.errors}`,
      `  GET / probe: ${page.samples} answers, failed ${page.failures}`,
      `  real visitor's message: ${visitorStatus}`,
      ...caddyErrors(site).slice(0, 5),
    ].join('\n'),
  );

  expect(result.addresses).toBe(ADDRESSES);
  expect(limited).toBeGreaterThan(0);
  expect(created + limited).toBe(result.posts);
  expect(visitorStatus).toBe(201);
  expect(await countStoredMessages(storage)).toBe(created + 1);
  // Every address got exactly its limit stored, the rest refused: none more, none fewer.
  const byAddress = await storedByAddress(storage);
  const floodAddresses = Array.from({ length: ADDRESSES }, (_, index) => floodAddress(index + 1));
  expect(floodAddresses.filter((address) => byAddress.get(address) !== RATE_PER_MINUTE)).toEqual([]);
  expect(created).toBe(RATE_PER_MINUTE * ADDRESSES);
  expect(page.samples).toBeGreaterThan(0);
  expect(page.failures).toBe(0);
});
