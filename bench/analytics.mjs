// First-party analytics, on this machine. `--dashboard`: only the last section, the dashboard's queries
// (lib/dashboard-queries.mjs). First its bot section: which page requests the server leaves
// out of the counts, replayed from real headers (which of them shaped the rules: decision 058):
// - people's browsers: the `user-agents` package's 10,000 user agents seen in real traffic last month,
//   each with the device class the traffic measured (desktop, mobile, tablet);
// - self-declared bots: every example in the `crawler-user-agents` list (crawlers, monitors, feed
//   readers, previewers) and the default user agents of common HTTP libraries;
// - headless traffic: the headers this machine's Chromium sends in headless mode, as it comes, with a
//   person's user agent set by the script, and as an emulated phone.
// Prints, per set, the share left out and why, the device classes against the measured ones, and the
// misses. The classifier is apps/server's analytics/visitor-agent (built: run `npm run build` first).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { CONTACT_API_PATH } from '@site/api-contract';
import { launchChromium } from '@site/testing/chromium';
import { builtSiteKey, contactHeaders, fetchXsrf } from '@site/testing/contact-client';
import { databaseRows } from '@site/testing/database-rows';
import { sampleMessage } from '@site/testing/sample-message';
import { repo, startSiteServer } from '@site/testing/server-process';
import { dashboardQueries } from './lib/dashboard-queries.mjs';
import { loopWindow, probedSettings } from './lib/loop-probe-client.mjs';
import { cpuMicroseconds } from './lib/process-cpu.mjs';
import { ascending, median, nearestRank } from './lib/stats.mjs';

if (process.argv.includes('--dashboard')) {
  await dashboardQueries();
  process.exit(0);
}

const { visitorAgent } = await import(join(repo, 'apps/server/dist/analytics/visitor-agent.js'));
/** A package's data file (neither package exports it, so it is read from node_modules). */
const json = (path) => JSON.parse(readFileSync(join(repo, 'node_modules', path), 'utf8'));

const browsers = json('user-agents/dist/user-agents.json').map((entry) => ({
  headers: { 'user-agent': entry.userAgent },
  device: entry.deviceCategory,
}));
const crawlerExamples = json('crawler-user-agents/crawler-user-agents.json').flatMap(
  (crawler) => crawler.instances ?? [],
);
/** Default user agents of HTTP clients, as each version sends it. */
const libraries = [
  'curl/8.5.0',
  'curl/7.88.1',
  'Wget/1.21.4',
  'python-requests/2.32.3',
  'Python-urllib/3.12',
  'python-httpx/0.27.0',
  'Python/3.11 aiohttp/3.9.5',
  'Go-http-client/1.1',
  'Go-http-client/2.0',
  'axios/1.7.2',
  'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
  'node',
  'undici',
  'okhttp/4.12.0',
  'Java/17.0.9',
  'Apache-HttpClient/4.5.14 (Java/17.0.9)',
  'libwww-perl/6.72',
  'PostmanRuntime/7.39.0',
  'Ruby',
  'Faraday v2.9.0',
  'Dart/3.4 (dart:io)',
  'GuzzleHttp/7',
  'Scrapy/2.11.2 (+https://scrapy.org)',
  'colly - https://github.com/gocolly/colly',
];
const bots = [...crawlerExamples, ...libraries].map((agent) => ({ headers: { 'user-agent': agent } }));

/** The headers each of this machine's headless Chromium set-ups sends for a page. */
async function headlessRequests() {
  const seen = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.end('<!doctype html><title>page</title>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await launchChromium();
  const person = browsers.find((entry) => entry.device === 'desktop').headers['user-agent'];
  for (const options of [
    {},
    { userAgent: person },
    { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  ]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    for (const path of ['', 'contact', 'privacy']) await page.goto(url + path);
    await context.close();
  }
  await browser.close();
  server.close();
  // The pages, not what they fetch: the counts are of page requests.
  return seen.filter((headers) => headers['sec-fetch-dest'] === 'document').map((headers) => ({ headers }));
}
const headless = await headlessRequests();

const percent = (part, whole) => `${((100 * part) / whole).toFixed(2)} %`;
/** Each request of a set with the classifier's verdict on it, judged once. */
const judged = (set) => set.map((request) => ({ ...request, verdict: visitorAgent(request.headers) }));
const leftOut = (set) => set.filter(({ verdict }) => !verdict.counted);
const reasons = (set) =>
  Object.entries(Object.groupBy(leftOut(set), ({ verdict }) => verdict.reason))
    .map(([reason, requests]) => `${reason} ${requests.length}`)
    .join(', ');
const agentsOf = (set) => set.map(({ headers }) => headers['user-agent'] ?? '(none)');

const sets = {
  'self-declared bots': judged(bots),
  'headless Chromium': judged(headless),
  "people's browsers": judged(browsers),
};
console.log('Bots (a page request left out of the counts)\n');
console.log('| set | requests | left out | why |');
console.log('|---|---|---|---|');
for (const [name, set] of Object.entries(sets))
  console.log(
    `| ${name} | ${set.length} | ${percent(leftOut(set).length, set.length)} | ${reasons(set) || '-'} |`,
  );

const people = sets["people's browsers"];
const lostBrowsers = leftOut(people);
const countedBots = sets['self-declared bots'].filter(({ verdict }) => verdict.counted);
console.log(`\nPeople's browsers left out (${lostBrowsers.length}):`, agentsOf(lostBrowsers));
console.log(`Self-declared bots counted (${countedBots.length}):`, agentsOf(countedBots));

const classes = ['desktop', 'mobile', 'tablet'];
console.log('\nDevice class of the counted browsers (rows: measured in traffic; columns: ours)\n');
console.log(`| measured | ${classes.join(' | ')} |`);
console.log(`|---|${classes.map(() => '---').join('|')}|`);
for (const measured of classes) {
  const row = people.filter(({ device }) => device === measured);
  const ours = (device) => row.filter(({ verdict }) => verdict.device === device).length;
  console.log(`| ${measured} (${row.length}) | ${classes.map(ours).join(' | ')} |`);
}
const right = people.filter(({ device, verdict }) => verdict.device === device).length;
console.log(`\nDevice class as measured: ${percent(right, people.length)} of people's browsers`);

/**
 * Whether a browser sends `Sec-Fetch-Dest: document` on a navigation (MDN's compatibility data: Chromium
 * 80, Firefox 90, Safari 16.4, every browser on iOS 16.4, as all use Safari's engine there). A person
 * whose browser does not, and who has every asset cached, is what the no-assets rule loses (decision 066).
 */
function sendsFetchMetadata(agent) {
  const ios = /(?:iPhone|iPad|iPod).*? OS (\d+)_(\d+)/.exec(agent);
  if (ios) return Number(ios[1]) > 16 || (Number(ios[1]) === 16 && Number(ios[2]) >= 4);
  const chromium = /Chrome\/(\d+)\./.exec(agent);
  if (chromium) return Number(chromium[1]) >= 80;
  const firefox = /Firefox\/(\d+)\./.exec(agent);
  if (firefox) return Number(firefox[1]) >= 90;
  const safari = /Version\/(\d+)\.(\d+).*Safari\//.exec(agent);
  if (safari) return Number(safari[1]) > 16 || (Number(safari[1]) === 16 && Number(safari[2]) >= 4);
  return undefined;
}
const counted = people.filter(({ verdict }) => verdict.counted);
const metadata = Object.groupBy(counted, ({ headers }) => String(sendsFetchMetadata(headers['user-agent'])));
console.log('\nBehaviour: which counted browsers name a navigation (Sec-Fetch-Dest: document)\n');
console.log('| sends it | browsers | share |');
console.log('|---|---|---|');
for (const [key, label] of [
  ['true', 'yes'],
  ['false', 'no (too old)'],
  ['undefined', 'not known'],
])
  console.log(
    `| ${label} | ${metadata[key]?.length ?? 0} | ${percent(metadata[key]?.length ?? 0, counted.length)} |`,
  );
console.log(
  'A browser that does not is still counted when it fetches any asset of the page; it is lost only on a\n' +
    'day it has every asset cached. Neither a script nor an HTTP library sends the header or fetches assets.',
);
const family = (agent) =>
  /iPhone|iPad|iPod/.test(agent)
    ? 'iOS'
    : /Chrome\//.test(agent)
      ? 'Chromium'
      : /Firefox\//.test(agent)
        ? 'Firefox'
        : 'Safari';
const old = [...(metadata.false ?? []), ...(metadata.undefined ?? [])];
console.log(
  'Too old, by family:',
  Object.entries(Object.groupBy(old, ({ headers }) => family(headers['user-agent']))).map(
    ([name, set]) => `${name} ${set.length}`,
  ),
);
/**
 * Chrome DevTools' device presets (Galaxy S5, Pixel 2, Nexus 5, its iPhone with Chrome's engine) with a
 * made-up Chrome build: tools emulating a phone, not a person's phone.
 */
const emulated =
  /SM-G900P Build\/LRX21T|Pixel 2 Build\/OPD3|Nexus 5 Build\/MRA58N|iPhone OS 11_0 like Mac OS X\) AppleWebKit\/537/;
const plausible = old.filter(({ headers }) => !emulated.test(headers['user-agent']));
console.log(
  `Of these, DevTools device presets with made-up builds: ${old.length - plausible.length};` +
    ` plausibly people: ${plausible.length} (${percent(plausible.length, counted.length)} of the counted browsers)`,
);
console.log('Plausibly people:', agentsOf(plausible));

// Ingestion (BENCH_SECONDS, 10 by default): page views counted per second by one built server through real
// HTTP (keep-alive, person's headers, 1,000 visitors' addresses through a trusted proxy header), and how
// many it counted; then POST /api/ContactUs latency at POST_RATE a second, alone and with the page views
// at INGEST_RATE a second beside it, on this instance and on one with ANALYTICS=off, in rounds.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 2000);
const POST_RATE = Number(process.env.BENCH_POST_RATE ?? 50);
// The posts' conditions take turns: BENCH_ROUNDS rounds of BENCH_ROUND_SECONDS each (6 of 5 s: 1,500
// posts a condition; the whole bench about 4 minutes).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const personHeaders = {
  'user-agent': chrome,
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24", "Google Chrome";v="131"',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  accept: 'text/html',
  'accept-encoding': 'br, gzip',
};
/** A probe window's cells: the share of the time the event loop was busy, and its delay's p99 and max. */
const loopCells = (loop) => `${Math.round(loop.utilisation * 100)} %, ${loop.p99} / ${loop.max} ms`;
const cannon = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
// In a worker thread of its own: the page requests' responses keep its event loop busy, and in this
// thread they would delay the posts' responses, which measure the server.
const pageLoad = (server, extra = {}) =>
  cannon({
    url: server.url,
    connections: 50,
    workers: 1,
    requests: [
      {
        method: 'GET',
        path: '/contact?utm_source=bench',
        headers: personHeaders,
        setupRequest: fileURLToPath(new URL('lib/visitor-request.cjs', import.meta.url)),
      },
    ],
    ...extra,
  });

// The counting's own CPU, which the machine's load does not change: judging 20,000 page requests into
// the buffer, then writing them (hash and insert) on a fresh SQLite database, in this process.
{
  const { openDatabase } = await import(join(repo, 'apps/server/dist/db/database.js'));
  const { pageAnalytics } = await import(join(repo, 'apps/server/dist/analytics/page-analytics.js'));
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-analytics-'));
  const db = await openDatabase({ dataDir, lockTimeoutMs: 5_000 });
  const silent = { warn() {}, info() {}, error() {} };
  const { counter } = pageAnalytics(db, {
    siteKey: builtSiteKey(),
    ownHosts: ['localhost'],
    flushMs: 3_600_000,
    log: silent,
  });
  const VIEWS = 20_000;
  const requests = Array.from({ length: VIEWS }, (_, i) => ({
    ip: `10.8.${(i >> 8) & 255}.${i & 255}`,
    url: '/contact?utm_source=bench',
    headers: { ...personHeaders, referer: 'https://www.google.com/' },
  }));
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const judging = cpu();
  for (const request of requests) counter.page('/contact', request);
  const judged = cpu() - judging;
  const writing = cpu();
  await counter.flush();
  const written = cpu() - writing;
  await counter.stop();
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
  console.log(`\nCounting's CPU per page view (in process, ${VIEWS} views, SQLite)\n`);
  console.log('| judged into the buffer | hashed and written | together | views/s of one core |');
  console.log('|---|---|---|---|');
  const each = (micros) => `${(micros / VIEWS).toFixed(1)} µs`;
  console.log(
    `| ${each(judged)} | ${each(written)} | ${each(judged + written)} | ${Math.round((VIEWS * 1e6) / (judged + written))} |`,
  );
}

const serverSettings = {
  TRUST_PROXY: '127.0.0.1',
  CONTACT_RATE_PER_MINUTE: '0',
  CONTACT_RATE_PER_DAY: '0',
  LOG_LEVEL: 'warn',
};
const probeDir = await mkdtemp(join(tmpdir(), 'bench-loop-'));
/** The built server with the event loop probe in it. */
const probedServer = async (settings) => {
  const loopProbeFile = join(probeDir, `${Math.random()}.json`);
  return { ...(await startSiteServer(probedSettings(settings, loopProbeFile))), loopProbeFile };
};
/**
 * Runs `load` against `server` and measures the server meanwhile: its CPU per request answered (what
 * this machine's load changes least) and its event loop's utilisation and delay, from inside.
 */
async function measured(server, load) {
  await loopWindow(server);
  const cpuBefore = cpuMicroseconds(server.process.pid);
  const results = await load();
  const cpu = cpuMicroseconds(server.process.pid) - cpuBefore;
  const loop = await loopWindow(server);
  const answered = results.reduce((sum, result) => sum + result['2xx'], 0);
  return { results, loop, cpu, answered, cpuPerRequest: cpu / answered };
}

/** A latency to a tenth of a millisecond. */
const ms = (milliseconds) => `${milliseconds.toFixed(1)} ms`;
/** Each condition's posts: their p99 round by round and pooled, each against the posts alone. */
function printPostRounds(conditions) {
  const postsOf = (round) => round.results[0];
  const p99s = ({ rounds }) => rounds.map((round) => nearestRank(postsOf(round).latencies, 0.99));
  const aloneP99s = p99s(conditions[0]);
  const pooled = ({ rounds }) => rounds.flatMap((round) => postsOf(round).latencies);
  const aloneP99 = nearestRank(pooled(conditions[0]), 0.99);
  console.log(
    `\nPOST ${CONTACT_API_PATH} latency, ${POST_RATE} posts/s on 10 connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s` +
      " per condition in turns; p99 (nearest rank) of each post's own latency, against alone in the same round\n",
  );
  console.log(`| round | ${conditions.map(({ name }) => name).join(' | ')} |`);
  console.log(`|---|${conditions.map(() => '---').join('|')}|`);
  for (let round = 0; round < ROUNDS; round++)
    console.log(
      `| ${round + 1} | ${conditions
        .map((condition) => {
          const p99 = p99s(condition)[round];
          return `${ms(p99)}, ${(p99 / aloneP99s[round]).toFixed(2)}`;
        })
        .join(' | ')} |`,
    );
  console.log('\nPooled over the rounds\n');
  console.log(
    '| | posts | p50 | p99 | p99 against alone: pooled; rounds min / median / max | page views/s | server CPU a request | its event loop, median of rounds: busy, delay p99 / max |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const condition of conditions) {
    const latencies = pooled(condition);
    const ratios = ascending(p99s(condition).map((p99, round) => p99 / aloneP99s[round]));
    const views = condition.rounds.reduce((sum, round) => sum + (round.results[1]?.['2xx'] ?? 0), 0);
    const sum = (key) => condition.rounds.reduce((total, round) => total + round[key], 0);
    const loop = (key) => median(condition.rounds.map((round) => round.loop[key]));
    console.log(
      `| ${condition.name} | ${latencies.length} | ${ms(nearestRank(latencies, 0.5))} | ${ms(nearestRank(latencies, 0.99))} | ` +
        `${(nearestRank(latencies, 0.99) / aloneP99).toFixed(2)}; ${[ratios[0], median(ratios), ratios.at(-1)].map((ratio) => ratio.toFixed(2)).join(' / ')} | ` +
        `${views ? Math.round(views / (ROUNDS * ROUND_SECONDS)) : '-'} | ${Math.round(sum('cpu') / sum('answered'))} µs | ` +
        `${Math.round(loop('utilisation') * 100)} %, ${loop('p99')} / ${loop('max')} ms |`,
    );
  }
}
const server = await probedServer(serverSettings);
try {
  const {
    results: [pages],
    loop: pagesLoop,
    cpuPerRequest: pageCpu,
  } = await measured(server, async () => [await pageLoad(server)]);
  const served = pages['2xx'];
  const countRows = async () =>
    Number(
      (await databaseRows({ dataDir: server.dataDir }, 'select count(*) as n from analytics_views'))[0].n,
    );
  // The buffer writes every second: wait until the count stops growing.
  let counted = -1;
  for (let next = await countRows(); next !== counted; next = await countRows()) {
    counted = next;
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  console.log('\nIngestion (one instance, SQLite, real HTTP)\n');
  console.log(
    '| page views/s | served (200) in the window | counted (with those still in flight at its end) | errors | server CPU a view | its event loop: busy, delay p99 / max |',
  );
  console.log('|---|---|---|---|---|---|');
  console.log(
    `| ${Math.round(served / SECONDS)} | ${served} | ${counted} | ${pages.errors + pages.non2xx} | ${Math.round(pageCpu)} µs | ${loopCells(pagesLoop)} |`,
  );

  // Posts at a steady POST_RATE a second, as a site's visitors send them, not as fast as the
  // machine can take them: a saturated server's p99 measures its queue, not what a visitor waits.
  // Resolves to autocannon's result with each 2xx post's own latency (`latencies`, ms): autocannon's
  // p99 at an overall rate fills in a sample for every millisecond a response took (its coordinated
  // omission correction, whose interval comes out at 1 ms), which weighs each slow post by its length.
  const post = async (target, extra = {}) => {
    const xsrf = await fetchXsrf(target.url);
    const latencies = [];
    const result = await new Promise((resolve, reject) => {
      const run = autocannon(
        {
          duration: SECONDS,
          url: target.url + CONTACT_API_PATH,
          connections: 10,
          overallRate: POST_RATE,
          method: 'POST',
          headers: contactHeaders(xsrf, builtSiteKey()),
          body: JSON.stringify(sampleMessage),
          ...extra,
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      run.on('response', (_client, status, _bytes, milliseconds) => {
        if (status >= 200 && status < 300) latencies.push(milliseconds);
      });
    });
    return { ...result, latencies };
  };
  // The same page views served by an instance that does not count them: what counting itself adds.
  const uncounted = await probedServer({ ...serverSettings, ANALYTICS: 'off' });
  try {
    // Unmeasured: the first posts compile the message path and fill its caches, which would put the
    // warm-up into the p99 that the runs beside page views are compared with.
    await post(server, { duration: 3 });
    await post(uncounted, { duration: 3 });
    const round = { duration: ROUND_SECONDS };
    const besidePages = (target) => () =>
      Promise.all([post(target, round), pageLoad(target, { ...round, overallRate: INGEST_RATE })]);
    const conditions = [
      { name: 'alone', run: () => measured(server, async () => [await post(server, round)]) },
      { name: `with ${INGEST_RATE} page views/s, counted`, run: () => measured(server, besidePages(server)) },
      {
        name: `with ${INGEST_RATE} page views/s, ANALYTICS=off`,
        run: () => measured(uncounted, besidePages(uncounted)),
      },
    ].map((condition) => ({ ...condition, rounds: [] }));
    // Round after round, each condition once, the order turned by one each round: the VM's slow and
    // fast moments fall on every condition alike, and none is always first or always after another.
    for (let round = 0; round < ROUNDS; round++)
      for (let turn = 0; turn < conditions.length; turn++) {
        const condition = conditions[(round + turn) % conditions.length];
        condition.rounds.push(await condition.run());
      }
    printPostRounds(conditions);
  } finally {
    await uncounted.stop();
  }
} finally {
  await server.stop();
  await rm(probeDir, { recursive: true, force: true });
}

await dashboardQueries();
