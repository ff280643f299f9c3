// The inbox (apps/admin) with a realistic amount of mail, most of it spam: `--messages N` (or
// BENCH_MESSAGES, 10,000) sample messages (bench/lib/sample-inbox.mjs) are stored through the built
// server's own repository (bench/lib/seed-inbox.mjs) on a fresh DATA_DIR (SQLite) or, with
// `--db postgres`, a new database of the PostgreSQL test server; then the built server starts on them.
// An operator is invited with the CLI and signs in once in Chromium with a virtual passkey; then, median
// of BENCH_RUNS with the server warm: opening /admin until 50 rows show, a search until only matches
// show, opening a message until its subject shows. From Node, median and p95 of 20: the first page of
// GET /admin/api/messages for every view, site and date filter, and searches; and the inbox app's JS
// and CSS as sent (brotli).
import { mkdtemp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { adminApiPaths } from '@site/api-contract';
import { createPostgresDatabase, dropPostgresDatabase } from '@site/testing/postgres';
import { freePort } from '@site/testing/ports';
import { addPasskeyDevice } from '@site/testing/passkey-device';
import { launchChromium } from '@site/testing/chromium';
import { printedSignInLink } from '@site/testing/mail-links';
import { messagesCommandOk } from '@site/testing/messages-command';
import { repo, startSiteServer } from '@site/testing/server-process';
import { builtSiteKey } from '@site/testing/contact-client';
import { COMMON_WORD, RARE_WORD, SPAM_WORD, partnerSites } from './lib/sample-inbox.mjs';
import { SEEDED_DAYS, seedInbox } from './lib/seed-inbox.mjs';
import { ascending, median } from './lib/stats.mjs';

const { values } = parseArgs({
  options: { db: { type: 'string', default: 'sqlite' }, messages: { type: 'string' } },
});
if (!['sqlite', 'postgres'].includes(values.db)) throw new Error('--db is sqlite or postgres');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MESSAGES = Number(values.messages ?? process.env.BENCH_MESSAGES ?? 10_000);
if (!(MESSAGES > 0)) throw new Error('--messages is a number of messages');
const API_RUNS = 20;
const DATABASE_PREFIX = 'bench_inbox';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A sender's address that many sample messages share. */
const ADDRESS = 'anna.muller@gmail.com';
/** The same address from its second part on: the surnames of every first name at that provider. */
const PART_OF_ADDRESS = 'muller@gmail.com';
/** A surname of about one sender in forty. */
const SURNAME = 'Kowalski';

const p95 = (list) => ascending(list)[Math.ceil(list.length * 0.95) - 1];

/** The first page of each view, filter and search the API is asked for, by what it shows. */
function apiQueries() {
  const daysAgo = (days) => new Date(Date.now() - days * DAY_MS).toISOString();
  const [smallSite] = partnerSites.at(-1);
  return [
    ['inbox: all', '?spam=false'],
    ['inbox: new', '?status=new'],
    ['inbox: read', '?status=read'],
    ['inbox: answered', '?status=answered'],
    ['inbox: archived', '?status=archived'],
    ['spam', '?spam=true'],
    [`site ${smallSite}`, `?site=${smallSite}`],
    ['since 30 days ago', `?since=${daysAgo(30)}`],
    ['until a year ago', `?until=${daysAgo(365)}`],
    ['one day a year ago', `?since=${daysAgo(366)}&until=${daysAgo(365)}`],
    ['spam until a year ago', `?spam=true&until=${daysAgo(365)}`],
    [`search "${COMMON_WORD}" (common)`, `?search=${COMMON_WORD}`],
    [`search "${RARE_WORD}" (rare)`, `?search=${RARE_WORD}`],
    [`search "${SPAM_WORD}" (only in spam)`, `?search=${SPAM_WORD}`],
    [`spam: search "${SPAM_WORD}"`, `?spam=true&search=${SPAM_WORD}`],
    ['search "you" (the commonest word)', '?search=you'],
    ['spam: search "you"', '?spam=true&search=you'],
    ['search "b" (one letter)', '?search=b'],
    [`search "${ADDRESS}"`, `?search=${ADDRESS}`],
    [`spam: search "${ADDRESS}"`, `?spam=true&search=${ADDRESS}`],
    [`spam: search "${PART_OF_ADDRESS}" (from its second part)`, `?spam=true&search=${PART_OF_ADDRESS}`],
    [`spam: search "${SURNAME}" (in 1 of 40)`, `?spam=true&search=${SURNAME}`],
    [`spam: search "${RARE_WORD}" (in no spam)`, `?spam=true&search=${RARE_WORD}`],
  ];
}

async function inviteLink(env) {
  const { stdout } = await messagesCommandOk(
    { LOG_LEVEL: 'warn', ...env },
    'operator',
    'invite',
    'ops@example.com',
    '--print-link',
  );
  return printedSignInLink(stdout)[0];
}

/** The inbox app's files as served, brotli-compressed. */
async function inboxAssetSizes() {
  const assets = join(repo, 'apps/admin/build/assets');
  const sizes = { jsKiB: 0, cssKiB: 0 };
  for (const name of await readdir(assets)) {
    if (name.endsWith('.js.br')) sizes.jsKiB += (await stat(join(assets, name))).size / 1024;
    if (name.endsWith('.css.br')) sizes.cssKiB += (await stat(join(assets, name))).size / 1024;
  }
  return { jsKiB: Number(sizes.jsKiB.toFixed(1)), cssKiB: Number(sizes.cssKiB.toFixed(1)) };
}

const timed = async (work) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

const cleanups = [];
let result;
try {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-inbox-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  // The seeded spam spans two years: SPAM_RETENTION_DAYS' default would delete most of it at start.
  const env = {
    DATA_DIR: dataDir,
    SITE_URL: `http://localhost:${port}`,
    SPAM_RETENTION_DAYS: String(SEEDED_DAYS + 1),
  };
  if (values.db === 'postgres') {
    const database = await createPostgresDatabase(DATABASE_PREFIX);
    cleanups.push(() => dropPostgresDatabase(database.name));
    env.DATABASE_URL = database.url;
  }

  const seedStart = performance.now();
  const counts = await seedInbox({ dataDir, url: env.DATABASE_URL }, MESSAGES, builtSiteKey());
  const seedingS = (performance.now() - seedStart) / 1000;
  console.log(
    `seeded ${MESSAGES} messages (${counts.spam} spam; "${COMMON_WORD}" in ${counts.common}, ` +
      `"${RARE_WORD}" in ${counts.rare}) in ${seedingS.toFixed(1)} s`,
  );

  const server = await startSiteServer(env, port);
  cleanups.push(() => server.stop());
  const siteUrl = env.SITE_URL;
  const browser = await launchChromium();
  cleanups.push(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await addPasskeyDevice(context, page);
  await page.goto(await inviteLink(env));
  await page.getByRole('button', { name: 'Create passkey and sign in' }).click();
  await page.waitForURL(`${siteUrl}/admin`);
  await page.locator('button[data-message-id]').first().waitFor();

  const cookie = (await context.cookies(siteUrl)).map(({ name, value }) => `${name}=${value}`).join('; ');
  const api = async (query) => {
    const response = await fetch(`${server.url}${adminApiPaths.messages}${query}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`GET messages${query}: ${response.status}`);
    return response.json();
  };
  const searchFirstPage = (await api(`?search=${COMMON_WORD}`)).messages.map((message) => message.id);

  const rows = (minimum) =>
    page.waitForFunction(
      (count) => document.querySelectorAll('ul.message-list button[data-message-id]').length >= count,
      minimum,
      { polling: 'raf', timeout: 30_000 },
    );
  const browserRuns = { listMs: [], searchMs: [], openMs: [] };
  for (let run = 0; run < RUNS; run++) {
    browserRuns.listMs.push(await timed(() => page.goto(`${siteUrl}/admin`).then(() => rows(50))));
    const row = page.locator('ul.message-list button[data-message-id]').nth(run * 3);
    browserRuns.openMs.push(
      await timed(() => row.click().then(() => page.locator('h2#message-subject').waitFor())),
    );
    await page.locator('#search').fill(COMMON_WORD);
    browserRuns.searchMs.push(
      await timed(async () => {
        await page.locator('#search').press('Enter');
        await page.waitForFunction(
          (expected) => {
            const shown = [...document.querySelectorAll('ul.message-list button[data-message-id]')].map(
              (button) => button.dataset.messageId,
            );
            return shown.length === expected.length && shown.every((id) => expected.includes(id));
          },
          searchFirstPage,
          { polling: 'raf', timeout: 30_000 },
        );
      }),
    );
  }

  const apiMs = [];
  for (const [name, query] of apiQueries()) {
    const times = [];
    let shown = 0;
    for (let run = 0; run < API_RUNS; run++)
      times.push(await timed(async () => (shown = (await api(query)).messages.length)));
    apiMs.push({
      name,
      query,
      shown,
      median: Number(median(times).toFixed(1)),
      p95: Number(p95(times).toFixed(1)),
    });
  }

  result = {
    db: values.db,
    messages: MESSAGES,
    ...counts,
    seeding: { seconds: Number(seedingS.toFixed(1)), perSecond: Math.round(MESSAGES / seedingS) },
    runs: RUNS,
    browserMs: Object.fromEntries(
      Object.entries(browserRuns).map(([name, list]) => [name, Math.round(median(list))]),
    ),
    apiRuns: API_RUNS,
    apiMs,
    assets: await inboxAssetSizes(),
  };
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}

const { browserMs, assets } = result;
console.log(
  `Inbox, ${result.db}, ${MESSAGES} messages (${result.spam} spam), seeded in ${result.seeding.seconds} s ` +
    `(${result.seeding.perSecond}/s); median of ${RUNS} in Chromium`,
);
for (const [name, value] of [
  ['/admin to 50 rows visible', `${browserMs.listMs} ms`],
  [`search "${COMMON_WORD}" (${result.common} matches) to matches only`, `${browserMs.searchMs} ms`],
  ['click a row to its subject visible', `${browserMs.openMs} ms`],
  ['inbox JS (brotli)', `${assets.jsKiB} KiB`],
  ['inbox CSS (brotli)', `${assets.cssKiB} KiB`],
])
  console.log(name.padEnd(58), value.padStart(10));
console.log(
  `\nGET ${adminApiPaths.messages}, first page, ms over ${API_RUNS} runs from Node: median, p95 (rows)`,
);
for (const { name, shown, median: mid, p95: high } of result.apiMs)
  console.log(name.padEnd(46), String(mid).padStart(7), String(high).padStart(7), `  (${shown})`);
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, `bench/results/inbox-${values.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
