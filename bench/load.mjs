// Requests per second and latency of the real server, side by side with a bare Fastify "hello".
// The rate limit is lifted for this run only; SQLite stays durable (WAL, synchronous FULL), and every
// stored message's notification is written as an .eml file (no SMTP_URL), whose backlog is reported.
// `--db postgres` adds POST /api/ContactUs on PostgreSQL with one and with two instances (autocannon
// spreads its connections over both), each on a new database of the PostgreSQL test server.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CONTACT_API_PATH } from '@site/api-contract';
import { createPostgresDatabase, dropPostgresDatabases } from '@site/testing/postgres';
import { probeLatency } from '@site/testing/latency-probe';
import { freePort } from '@site/testing/ports';
import { startProxiedSite } from '@site/testing/proxied-site';
import { floodInChildProcess } from '@site/testing/run-flood';
import { repo, startNodeServer, startSiteServer } from '@site/testing/server-process';
import { builtSiteKey, contactHeaders, fetchXsrf } from '@site/testing/contact-client';
import { sampleMessage } from '@site/testing/sample-message';
import { cpuMicroseconds } from './lib/process-cpu.mjs';
import { ascending, median } from './lib/stats.mjs';

const { values } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
if (!['sqlite', 'postgres'].includes(values.db)) throw new Error('--db is sqlite or postgres');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DATABASE_PREFIX = 'bench';
/**
 * The spam filter's cost: POST on SQLite with it and with SPAM_FILTER=off, two servers loaded at once in
 * each of several short rounds; this VM's noise moves one run by up to ±30 %, which one after the other
 * left a pair's two runs apart by ±15 %.
 */
const FILTER_ROUNDS = Number(process.env.BENCH_FILTER_ROUNDS ?? 12);
const FILTER_SECONDS = Number(process.env.BENCH_FILTER_SECONDS ?? 3);
const WARM_UP_SECONDS = 1;
/**
 * Pages while a flood goes on: valid messages from 500 loopback addresses through Caddy, three visits
 * each (the first stored, the later ones refused by the normal limit of 5 a minute), at most 20 s.
 */
const FLOOD = { connections: 100, addresses: 500, rounds: 3, durationMs: 20_000, messagesPerVisit: 5 };
const run = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

/** `count` instances of the site server sharing `env` (one secret, so one XSRF token works on all). */
async function startInstances(count, env = {}) {
  const shared = {
    CONTACT_RATE_PER_MINUTE: '0',
    CONTACT_RATE_PER_DAY: '0',
    APP_SECRET: randomBytes(32).toString('hex'),
    ...env,
  };
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const siteUrl = `http://127.0.0.1:${ports[0]}`;
  return Promise.all(ports.map((port) => startSiteServer({ ...shared, SITE_URL: siteUrl }, port)));
}

const message = JSON.stringify(sampleMessage);

async function postOptions(instances) {
  return {
    url: instances.map((instance) => instance.url + CONTACT_API_PATH),
    method: 'POST',
    headers: contactHeaders(await fetchXsrf(instances[0].url), builtSiteKey()),
    body: message,
  };
}

const mailsWritten = async (instances) => {
  let count = 0;
  for (const { dataDir } of instances)
    count += (await readdir(join(dataDir, 'mail')).catch(() => [])).filter((name) =>
      name.endsWith('.eml'),
    ).length;
  return count;
};

/** How long after the run every stored message's notification was written (up to 5 minutes). */
async function notificationBacklog(instances, stored) {
  const ended = Date.now();
  const duringRun = await mailsWritten(instances);
  // Listing a folder of 100,000+ files is work too: look once a second, not more often.
  while ((await mailsWritten(instances)) < stored && Date.now() - ended < 300_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const all = (await mailsWritten(instances)) >= stored;
  return { stored, writtenDuringRun: duringRun, allWrittenAfterS: all ? (Date.now() - ended) / 1000 : null };
}

const cases = [
  {
    name: 'bare Fastify GET /',
    start: async () => [await startNodeServer(join(repo, 'bench/lib/bare-server.mjs'))],
    options: async ([bare]) => ({ url: `${bare.url}/` }),
  },
  {
    name: 'GET / (page, brotli)',
    start: () => startInstances(1),
    options: async ([server]) => ({ url: `${server.url}/`, headers: { 'accept-encoding': 'br, gzip' } }),
  },
  { name: `POST ${CONTACT_API_PATH} SQLite`, start: () => startInstances(1), options: postOptions },
];
if (values.db === 'postgres') {
  for (const count of [1, 2]) {
    cases.push({
      name: `POST ${CONTACT_API_PATH} PostgreSQL ×${count}`,
      start: async () =>
        startInstances(count, { DATABASE_URL: (await createPostgresDatabase(DATABASE_PREFIX)).url }),
      options: postOptions,
    });
  }
}

const stopAll = (instances) => Promise.all(instances.map((instance) => instance.stop()));

/**
 * One round of the filter's cost: a server with the filter and one with SPAM_FILTER=off, each on a fresh
 * SQLite database, loaded at the same time for FILTER_SECONDS (half the connections each) after a warm-up,
 * so the VM's slow and fast moments fall on both alike: requests per second and server CPU per request
 * of each. Without the warm-up the filter's code, compiled during the short run, weighed on it.
 */
async function filterRound() {
  const instances = { on: undefined, off: undefined };
  try {
    for (const filter of ['on', 'off'])
      [instances[filter]] = await startInstances(1, { SPAM_FILTER: filter });
    const options = {
      on: await postOptions([instances.on]),
      off: await postOptions([instances.off]),
    };
    // A second of load first, so that each server's code is compiled before it is measured.
    await Promise.all(
      ['on', 'off'].map((filter) =>
        run({ ...options[filter], duration: WARM_UP_SECONDS, connections: CONNECTIONS / 2 }),
      ),
    );
    const measured = await Promise.all(
      ['on', 'off'].map(async (filter) => {
        const instance = instances[filter];
        const cpuBefore = cpuMicroseconds(instance.process.pid);
        const result = await run({
          ...options[filter],
          duration: FILTER_SECONDS,
          connections: CONNECTIONS / 2,
        });
        const cpu = cpuMicroseconds(instance.process.pid) - cpuBefore;
        return { requestsPerSecond: result.requests.average, cpuPerRequest: cpu / result['2xx'] };
      }),
    );
    return { on: measured[0], off: measured[1] };
  } finally {
    await stopAll(Object.values(instances).filter(Boolean));
  }
}

/**
 * The filter's cost, each round's two servers compared: how much lower its requests per second are with
 * the filter, and how much more CPU the server spends on a request (its notifications are mostly written
 * after the run, with the filter or without).
 */
async function filterCost() {
  const throughput = [];
  const cpu = [];
  for (let round = 0; round < FILTER_ROUNDS; round++) {
    const runs = await filterRound();
    throughput.push(1 - runs.on.requestsPerSecond / runs.off.requestsPerSecond);
    cpu.push(runs.on.cpuPerRequest / runs.off.cpuPerRequest - 1);
  }
  return {
    rounds: FILTER_ROUNDS,
    seconds: FILTER_SECONDS,
    throughputCost: median(throughput),
    cpuCost: median(cpu),
    throughput,
    cpu,
  };
}
/**
 * `GET /` through Caddy, one visitor's kept-alive connection every 25 ms, while the flood (a child process
 * at nice 19: real attackers bring their own CPUs) posts through two instances on one SQLite DATA_DIR:
 * the time to the last byte of each page, p50, p99 and max.
 */
async function pagesUnderFlood() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-flood-'));
  const site = await startProxiedSite(
    { DATA_DIR: dataDir },
    { CONTACT_RATE_PER_MINUTE: String(FLOOD.messagesPerVisit) },
  );
  try {
    const ca = site.caddy.rootCertificate;
    const flooding = floodInChildProcess({ origin: site.url, ca, siteKey: builtSiteKey(), ...FLOOD });
    const page = await probeLatency(`${site.url}/`, ca, '127.0.9.1', flooding);
    const flood = await flooding;
    return { ...FLOOD, visits: flood.visits, posts: flood.posts, statuses: flood.statuses, page };
  } finally {
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = [];
let spamFilter;
let flood;
try {
  for (const { name, start, options } of cases) {
    const instances = await start();
    try {
      const runOptions = await options(instances);
      const result = await run(runOptions);
      results.push({
        name,
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx + result.errors,
        notifications:
          runOptions.method === 'POST' ? await notificationBacklog(instances, result['2xx']) : undefined,
      });
    } finally {
      await stopAll(instances);
    }
  }
  spamFilter = await filterCost();
  flood = await pagesUnderFlood();
} finally {
  if (values.db === 'postgres') await dropPostgresDatabases(DATABASE_PREFIX);
}

const base = results[0].requestsPerSecond;
console.log(`autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, loopback`);
console.log(
  'route'.padEnd(36),
  'req/s'.padStart(9),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'vs bare'.padStart(8),
  'non-2xx'.padStart(8),
);
for (const r of results) {
  console.log(
    r.name.padEnd(36),
    r.requestsPerSecond.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    `${((100 * r.requestsPerSecond) / base).toFixed(0)} %`.padStart(8),
    String(r.non2xx).padStart(8),
  );
}
for (const { name, notifications } of results.filter((r) => r.notifications)) {
  console.log(
    `${name}: ${notifications.stored} messages stored, ${notifications.writtenDuringRun} notifications written during the run,`,
    notifications.allWrittenAfterS === null
      ? 'the rest not written within 5 minutes'
      : `all written ${notifications.allWrittenAfterS.toFixed(1)} s after it ended`,
  );
}
const percent = (fraction) => `${(100 * fraction).toFixed(1)} %`;
console.log(
  `POST ${CONTACT_API_PATH} SQLite, the spam filter against SPAM_FILTER=off, median of ${spamFilter.rounds} rounds of ${spamFilter.seconds} s, both servers loaded at once:`,
  `${percent(spamFilter.throughputCost)} fewer requests per second, ${percent(spamFilter.cpuCost)} more server CPU per request`,
  `(rounds: ${ascending(spamFilter.throughput).map(percent).join(', ')})`,
);
console.log(
  `GET / through Caddy during a flood of ${flood.connections} connections from ${flood.addresses} addresses`,
  `(${flood.visits} visits, ${flood.posts} posts: ${JSON.stringify(flood.statuses)}): ${flood.page.samples} pages,`,
  `p50 ${flood.page.p50.toFixed(1)} ms, p99 ${flood.page.p99.toFixed(1)} ms, max ${flood.page.max.toFixed(1)} ms,`,
  `failed ${flood.page.failures}`,
);
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(
  join(repo, `bench/results/load-${values.db}.json`),
  `${JSON.stringify({ connections: CONNECTIONS, durationS: DURATION_S, results, spamFilter, flood }, null, 2)}\n`,
);
