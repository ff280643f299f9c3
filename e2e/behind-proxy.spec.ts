// Production's shape: Caddy (deploy/Caddyfile) terminates HTTPS and balances two server instances that
// share one store and one SMTP server. Everything is spoken over HTTPS, trusting only Caddy's root.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, onTestFinished, test as base } from 'vitest';
import { READINESS_PATH } from '@site/api-contract';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { through, trustingAgent } from '@site/testing/https-agent';
import { hardKill } from '@site/testing/hard-kill';
import { startSmtpSink } from '@site/testing/mail';
import { createPostgresDatabase, dropPostgresDatabase } from '@site/testing/postgres';
import { type ProxiedSite, startProxiedSite } from '@site/testing/proxied-site';
import { numberedMessage } from '@site/testing/sample-message';
import { startSiteServer } from '@site/testing/server-process';
import { messagesCommand } from '@site/testing/messages-command';
import { pendingQueueRows } from '@site/testing/pending-queue-rows';

const siteKey = builtSiteKey();
const dataDir = () => mkdtempSync(join(tmpdir(), 'behind-proxy-'));

/** What the two instances share, as their settings; DATA_DIR also keeps the operator commands' files. */
const storages = [
  {
    name: 'SQLite in one DATA_DIR',
    create: async () => ({ env: { DATA_DIR: dataDir() }, drop: async () => {} }),
  },
  {
    name: 'PostgreSQL',
    create: async () => {
      const database = await createPostgresDatabase('behind_proxy');
      return {
        env: { DATA_DIR: dataDir(), DATABASE_URL: database.url },
        drop: () => dropPostgresDatabase(database.name),
      };
    },
  },
];

type Storage = (typeof storages)[number];
type Production = { site: ProxiedSite; smtp: Awaited<ReturnType<typeof startSmtpSink>> };

/** Caddy, two instances and a mail server on `storage`; each thing's close is kept as it is opened. */
async function startProduction(storage: Storage, closers: (() => Promise<void>)[]): Promise<Production> {
  // A mail server that takes its time, as real ones do: deliveries overlap the other instance's polls.
  const smtp = await startSmtpSink(0, 300);
  closers.push(() => smtp.close());
  const { env, drop } = await storage.create();
  closers.push(drop);
  const site = await startProxiedSite(env, { SMTP_URL: smtp.url, LOG_LEVEL: 'info', OUTBOX_POLL_MS: '100' });
  closers.push(() => site.stop());
  return { site, smtp };
}

/**
 * `production(storage)`: production's shape on that storage, started for the first test that asks and
 * shared by the file's tests of that storage (they follow one another); all stopped after the file.
 */
const test = base.extend<{ $file: { production: (storage: Storage) => Promise<Production> } }>({
  production: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const started = new Map<string, Promise<Production>>();
      const closers: (() => Promise<void>)[] = [];
      await use((storage) => {
        if (!started.has(storage.name)) started.set(storage.name, startProduction(storage, closers));
        return started.get(storage.name)!;
      });
      for (const close of closers.reverse()) await close();
    },
    { scope: 'file' },
  ],
});

describe.each(storages)('behind Caddy, $name', (storage) => {
  /** The id of every message answered 201, with the address it was sent from. */
  const sent: { id: string; from: string }[] = [];

  /** A visitor at a loopback address of its own: what Caddy sees as the client; gone after the test. */
  function visitor(site: ProxiedSite, address: string) {
    const agent = trustingAgent(site.caddy.rootCertificate, address);
    onTestFinished(() => agent.close());
    return {
      agent,
      async send(n: number, headers: Record<string, string> = {}) {
        const response = await postContact(
          site.url,
          agent,
          await fetchXsrf(site.url, agent),
          numberedMessage(n),
          siteKey,
          headers,
        );
        if (response.status === 201)
          sent.push({ id: ((await response.json()) as { id: string }).id, from: address });
        return response;
      },
    };
  }

  /** The ids the operator's export lists, sorted. */
  async function exportedIds(site: ProxiedSite) {
    const { code, stdout } = await messagesCommand(site.env, 'export', '--format', 'json');
    expect(code).toBe(0);
    return (JSON.parse(stdout) as { id: string }[]).map((row) => row.id).toSorted();
  }

  async function storedMessage(site: ProxiedSite, id: string) {
    const { code, stdout } = await messagesCommand(site.env, 'show', id);
    expect(code).toBe(0);
    return stdout;
  }

  test('answers over HTTPS with HSTS and without naming its software', async ({ production }) => {
    const { site } = await production(storage);
    const { agent } = visitor(site, '127.0.1.1');
    const response = await fetch(`${site.url}/`, through(agent));
    expect(response.status).toBe(200);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/);
    expect(response.headers.get('server')).toBeNull();
  });

  test('redirects plain HTTP to HTTPS, also without naming its software', async ({ production }) => {
    const { site } = await production(storage);
    const response = await fetch(`http://localhost:${site.caddy.httpPort}/contact`, { redirect: 'manual' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe('https://localhost/contact');
    expect(response.headers.get('server')).toBeNull();
  });

  test('balances messages over both instances, which see the visitor, not the proxy', async ({
    production,
  }) => {
    const { site } = await production(storage);
    const visitors = Array.from({ length: 8 }, (_, i) => visitor(site, `127.0.2.${i + 1}`));
    const statuses = await Promise.all(visitors.map((v, i) => v.send(i).then((r) => r.status)));
    expect(statuses).toEqual(Array(8).fill(201));
    for (const server of site.servers) {
      const apiLines = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"url":"/api/ContactUs"'));
      expect(apiLines.length, 'requests this instance served').toBeGreaterThan(0);
      expect(apiLines.every((line) => /"remoteAddress":"127\.0\.2\.\d"/.test(line))).toBe(true);
    }
  });

  test('rate-limits the visitor, whatever X-Forwarded-For it writes', async ({ production }) => {
    const { site } = await production(storage);
    const { send } = visitor(site, '127.0.3.1');
    const statuses = [];
    for (let n = 0; n < 5; n++) statuses.push((await send(100 + n)).status);
    for (const forged of ['203.0.113.9', '127.0.0.1', '203.0.113.9, 198.51.100.4']) {
      statuses.push((await send(200, { 'x-forwarded-for': forged, forwarded: `for=${forged}` })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const last = sent.at(-1)!;
    expect(await storedMessage(site, last.id)).toMatch(/127\.0\.3\.1\b/);
  });

  test('stores every accepted message once', async ({ production }) => {
    const { site } = await production(storage);
    expect(await exportedIds(site)).toEqual(sent.map((message) => message.id).toSorted());
  });

  test('notifies every stored message once', async ({ production }) => {
    const { site, smtp } = await production(storage);
    const ids = await exportedIds(site);
    await smtp.waitForMails(ids.length);
    // Every notification recorded as sent: a copy that went twice has reached the SMTP server by then.
    const place = { databaseUrl: site.env.DATABASE_URL, dataDir: site.env.DATA_DIR! };
    await expect.poll(() => pendingQueueRows(place, ['outbox']), { timeout: 10_000 }).toBe(0);
    const notified = smtp.mails.map((mail) => /^Message-ID: <contact-([\da-f-]+)@/im.exec(mail.raw)?.[1]);
    expect(notified.toSorted()).toEqual(ids);
  });

  test('keeps answering through the other instance while one stops and after', async ({ production }) => {
    const { site } = await production(storage);
    const { agent, send } = visitor(site, '127.0.4.1');
    let stopped = false;
    const stopping = site.servers[0]!.stop().then(() => (stopped = true));
    const pages: number[] = [];
    while (!stopped || pages.length < 20) pages.push((await fetch(`${site.url}/`, through(agent))).status);
    await stopping;
    expect(pages.filter((status) => status !== 200)).toEqual([]);
    expect((await send(300)).status).toBe(201);
  });
  test("sends a dead instance's requests to the other at once, before a health check notices", async ({
    production,
  }) => {
    const { site } = await production(storage);
    const restarted = await startSiteServer(site.env, site.servers[0]!.port);
    site.servers[0] = restarted;
    await expect
      .poll(() => restarted.output().includes(`"url":"${READINESS_PATH}"`), {
        message: 'Caddy checks it again',
      })
      .toBe(true);
    await hardKill(site.servers[1]!.process);
    const { agent, send } = visitor(site, '127.0.5.1');
    const pages = [];
    for (let i = 0; i < 10; i++) pages.push((await fetch(`${site.url}/`, through(agent))).status);
    expect(pages).toEqual(Array(10).fill(200));
    expect((await send(400)).status).toBe(201);
  });
});
