// Fault 7: a flood of valid-looking messages from five hundred addresses through the proxy, with the
// normal rate limits on. Pages must stay quick, and a real visitor must still get through.
import { expect, test } from 'vitest';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { trustingAgent } from '@site/testing/https-agent';
import { closeAfterTest } from '@site/testing/per-test';
import { type ProxiedSite, startProxiedSite } from '@site/testing/proxied-site';
import { numberedMessage } from '@site/testing/sample-message';
import { probeLatency } from './support/latency-probe.ts';
import { floodInChildProcess } from './support/run-flood.ts';
import { postgresStorage, sqliteStorage, type Storage } from './support/storage.ts';
import { countStoredMessages } from './support/stored-messages.ts';

/** At most: the flood ends once each address had its third visit. */
const FLOOD_MS = 20_000;
const CONNECTIONS = 100;
const RATE_PER_MINUTE = 5;
/**
 * Each gets its 5 messages through on its first visit and only 429s after: the run is under a minute.
 * The pages are probed all along, while most posts are stored (the first round) and while most are
 * refused (the later two), as a flood that goes on is: this machine visits 850 to 930 addresses in 20 s.
 */
const ADDRESSES = 500;
const ROUNDS = 3;

/** What Caddy logged at level error: why an answer was 502 or 503. */
const caddyErrors = (site: ProxiedSite) =>
  site.caddy
    .output()
    .split('\n')
    .filter((line) => line.includes('"level":"error"'))
    .map((line) => `  caddy: ${line}`);

test('a flood from five hundred addresses leaves pages quick and a real visitor served', async () => {
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
      `  GET / probe: ${page.samples} answers, p50 ${page.p50.toFixed(1)} ms, p99 ${page.p99.toFixed(1)} ms, max ${page.max.toFixed(1)} ms, failed ${page.failures}`,
      `  real visitor's message: ${visitorStatus}`,
      ...caddyErrors(site).slice(0, 5),
    ].join('\n'),
  );

  expect(result.addresses).toBe(ADDRESSES);
  expect(created).toBeLessThanOrEqual(RATE_PER_MINUTE * result.addresses);
  expect(limited).toBeGreaterThan(0);
  expect(created + limited).toBe(result.posts);
  expect(visitorStatus).toBe(201);
  expect(await countStoredMessages(storage)).toBe(created + 1);
  expect(page.failures).toBe(0);
  // Quick for a person, whatever the seed: six runs of this flood gave a p99 of 65 to 105 ms and, now and
  // then, one answer of up to 0.9 s. What the figure is, run after run, is printed above.
  expect(page.p99).toBeLessThan(250);
});
