// The inbox (apps/admin) with a realistic amount of mail: the built server on a fresh DATA_DIR (SQLite,
// or with `--db postgres` a new database of the PostgreSQL test server) is given BENCH_MESSAGES messages
// (10,000) through POST /api/ContactUs, 20 at a time, the rate limit lifted; varied senders, subjects
// and texts, about 5 % caught by the honeypot, 3 % mentioning the searched word. Received times are the
// seeding's own (the API stamps them); nothing is written to the database behind the server's back.
// An operator is invited with the CLI and signs in once in Chromium with a virtual passkey; then, median
// of BENCH_RUNS with the server warm: opening /admin until 50 rows show, a search until only matches
// show, opening a message until its subject shows; GET /admin/api/messages (first page, and with a
// search) from Node, median of 20; and the inbox app's JS and CSS as sent (brotli).
import { mkdtemp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTACT_API_PATH, adminApiPaths } from '@site/api-contract';
import { createPostgresDatabase, dropPostgresDatabase } from '@site/testing/postgres';
import { freePort } from '@site/testing/ports';
import { addPasskeyDevice } from '@site/testing/passkey-device';
import { launchChromium } from '@site/testing/chromium';
import { printedSignInLink } from '@site/testing/mail-links';
import { operatorCommandOk } from '@site/testing/operator-cli';
import { repo, startSiteServer } from '@site/testing/server-process';
import { builtSiteKey, contactHeaders, fetchXsrf } from '@site/testing/contact-client';

const { values } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
if (!['sqlite', 'postgres'].includes(values.db)) throw new Error('--db is sqlite or postgres');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const CONCURRENCY = 20;
const API_RUNS = 20;
const SEARCH_WORD = 'warranty';
const DATABASE_PREFIX = 'bench_inbox';

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

// A small deterministic generator (mulberry32): the same messages on every run.
let seed = 20_260_101;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = (list) => list[Math.floor(random() * list.length)];

const firstNames = [
  'Anna',
  'Lukas',
  'Sofia',
  'Mateo',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Mia',
  'Elias',
  'Zoë',
  'Jonas',
  'Chloé',
  'Hugo',
  'Léa',
  'Aarav',
  'Priya',
  'Wei',
  'Yuki',
  'Kenji',
  'Fatima',
  'Omar',
  'Ingrid',
  'Sven',
  'Małgorzata',
  'Piotr',
  'Giulia',
  'Marco',
  'Siobhan',
  'Niamh',
  'José',
  'Lucía',
  'Ava',
  'Ethan',
  'Ayşe',
];
const lastNames = [
  'Müller',
  'Schmidt',
  'García',
  'Rossi',
  'Dubois',
  'Martin',
  'Smith',
  'Johnson',
  'Nowak',
  'Kowalski',
  "O'Brien",
  'Murphy',
  'Tanaka',
  'Sato',
  'Chen',
  'Wang',
  'Patel',
  'Sharma',
  'Haddad',
  'Yılmaz',
  'Andersson',
  'Johansson',
  'van der Berg',
  'De Vries',
  'Fernández',
  'López',
  'Novák',
  'Brown',
  'Lee',
];
const domains = [
  'gmail.com',
  'outlook.com',
  'yahoo.co.uk',
  'web.de',
  'gmx.net',
  'orange.fr',
  'icloud.com',
  'proton.me',
  'acme-industries.com',
  'northwind.example',
  'contoso.example',
  'fabrikam.example',
];
const subjects = [
  'Pricing for a small team',
  'Question about your services',
  'Request for a quote',
  'Partnership',
  'Project enquiry',
  'Follow-up on our call',
  'Support request',
  'Invoice question',
  'Job application',
  'Website redesign',
  'Mobile app development',
  'Consulting availability',
  'Meeting next week?',
  'Feedback on the demo',
  'Data migration',
  'Accessibility audit',
  'Hosting and maintenance',
  'Newsletter',
  'Speaking at our event',
  'Cancel my subscription',
];
const sentences = [
  'We are a team of twelve based in Lyon and are looking for help with our customer portal.',
  'Could you send me an estimate for the work described below?',
  'Our current website is slow on phones and we would like to rebuild it this spring.',
  'I found you through a colleague who was very happy with your work last year.',
  'We need the project to be finished before the end of the quarter if at all possible.',
  'Is it possible to schedule a call on Tuesday or Thursday afternoon?',
  'The budget is not fixed yet, but we want to understand the options first.',
  'Please let me know which information you need from us to get started.',
  'We have an existing design system and a small in-house team of developers.',
  'Our app has about 40,000 monthly users, mostly in Germany and Austria.',
  'I tried to pay the last invoice but the bank transfer was returned.',
  'Thank you for the quick answer last time, it helped us a lot.',
  'We would also like to discuss hosting and ongoing maintenance.',
  'Attached you will find a short brief (I can send the full document by mail).',
  'Do you have experience with healthcare clients and their data protection rules?',
  'Could you tell me more about how you usually run a discovery workshop?',
];
const searchedSentence = `Does the ${SEARCH_WORD} cover the work you delivered last year, or is that billed separately?`;
const spamTexts = [
  'Cheap SEO backlinks!!! Rank #1 on Google in 7 days, guaranteed. Visit our site now.',
  'Congratulations, you have been selected for an exclusive crypto investment opportunity.',
  'Buy followers and likes at the best price, limited offer, click the link below.',
];
const agents = ['Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1)'];

/** The nth message as a visitor's browser sends it, and whether it is spam and mentions SEARCH_WORD. */
function generatedMessage() {
  const first = pick(firstNames);
  const last = pick(lastNames);
  const local = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  const spam = random() < 0.05;
  const searched = !spam && random() < 0.03;
  const parts = [];
  if (spam) parts.push(pick(spamTexts), pick(spamTexts));
  else {
    parts.push(`Hello,`);
    const count = 2 + Math.floor(random() * 5);
    for (let i = 0; i < count; i++) parts.push(pick(sentences));
    if (searched) parts.splice(1 + Math.floor(random() * count), 0, searchedSentence);
    parts.push(`Best regards,\n${first} ${last}`);
  }
  return {
    spam,
    searched,
    body: {
      name: `${first} ${last}`,
      email: `${local}${random() < 0.3 ? Math.floor(random() * 100) : ''}@${pick(domains)}`,
      subject: spam ? 'Grow your business today' : pick(subjects),
      message: parts.join(spam ? ' ' : '\n'),
      marketingConsent: !spam && random() < 0.1,
      website: spam ? 'http://spam.example' : '',
    },
  };
}

/** Sends MESSAGES messages CONCURRENCY at a time; how many were spam and mention the searched word. */
async function seedMessages(origin) {
  const headers = contactHeaders(await fetchXsrf(origin), builtSiteKey());
  let next = 0;
  const counts = { spam: 0, searched: 0 };
  const worker = async () => {
    while (next < MESSAGES) {
      next++;
      const { spam, searched, body } = generatedMessage();
      const response = await fetch(origin + CONTACT_API_PATH, {
        method: 'POST',
        headers: { ...headers, 'user-agent': pick(agents) },
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`POST ${CONTACT_API_PATH}: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      if (spam) counts.spam++;
      if (searched) counts.searched++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return counts;
}

/**
 * Waits (up to a minute) until the outbox has written at least a notification per real message and then
 * nothing more for two seconds (marketing confirmations come too), so that it does not work meanwhile.
 */
async function outboxDrained(dataDir, atLeast) {
  const started = Date.now();
  const written = async () =>
    (await readdir(join(dataDir, 'mail')).catch(() => [])).filter((name) => name.endsWith('.eml')).length;
  let last = -1;
  let count = await written();
  while ((count < atLeast || count !== last) && Date.now() - started < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, count < atLeast ? 500 : 2000));
    last = count;
    count = await written();
  }
  return { written: count, waitedS: (Date.now() - started) / 1000 };
}

async function inviteLink(env) {
  const { stdout } = await operatorCommandOk(
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
  const env = { DATA_DIR: dataDir, SITE_URL: `http://localhost:${port}` };
  if (values.db === 'postgres') {
    const database = await createPostgresDatabase(DATABASE_PREFIX);
    cleanups.push(() => dropPostgresDatabase(database.name));
    env.DATABASE_URL = database.url;
  }
  const server = await startSiteServer(
    { ...env, CONTACT_RATE_PER_MINUTE: '0', CONTACT_RATE_PER_DAY: '0' },
    port,
  );
  cleanups.push(() => server.stop());
  const siteUrl = env.SITE_URL;

  const seedStart = performance.now();
  const counts = await seedMessages(server.url);
  const seedingS = (performance.now() - seedStart) / 1000;
  console.log(
    `seeded ${MESSAGES} messages (${counts.spam} spam, ${counts.searched} with "${SEARCH_WORD}") in ${seedingS.toFixed(1)} s`,
  );
  const outbox = await outboxDrained(dataDir, MESSAGES - counts.spam);
  console.log(`outbox: ${outbox.written} notifications written, waited ${outbox.waitedS.toFixed(1)} s`);

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
  const searchQuery = `?spam=false&search=${SEARCH_WORD}`;
  const searchFirstPage = (await api(searchQuery)).messages.map((message) => message.id);

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
    await page.locator('#search').fill(SEARCH_WORD);
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

  const apiRuns = { listMs: [], searchMs: [] };
  for (let run = 0; run < API_RUNS; run++) {
    apiRuns.listMs.push(await timed(() => api('?spam=false')));
    apiRuns.searchMs.push(await timed(() => api(searchQuery)));
  }

  result = {
    db: values.db,
    messages: MESSAGES,
    spam: counts.spam,
    searchMatches: counts.searched,
    seeding: { seconds: Number(seedingS.toFixed(1)), perSecond: Math.round(MESSAGES / seedingS) },
    runs: RUNS,
    browserMs: Object.fromEntries(
      Object.entries(browserRuns).map(([name, list]) => [name, Math.round(median(list))]),
    ),
    apiMs: Object.fromEntries(
      Object.entries(apiRuns).map(([name, list]) => [name, Number(median(list).toFixed(1))]),
    ),
    assets: await inboxAssetSizes(),
  };
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}

const { browserMs, apiMs, assets } = result;
console.log(
  `Inbox, ${result.db}, ${MESSAGES} messages (${result.spam} spam), seeded in ${result.seeding.seconds} s ` +
    `(${result.seeding.perSecond}/s); median of ${RUNS} (browser) and ${API_RUNS} (API)`,
);
const table = [
  ['/admin to 50 rows visible', `${browserMs.listMs} ms`],
  [`search "${SEARCH_WORD}" (${result.searchMatches} matches) to matches only`, `${browserMs.searchMs} ms`],
  ['click a row to its subject visible', `${browserMs.openMs} ms`],
  ['GET /admin/api/messages (first page)', `${apiMs.listMs} ms`],
  [`GET /admin/api/messages?search=${SEARCH_WORD}`, `${apiMs.searchMs} ms`],
  ['inbox JS (brotli)', `${assets.jsKiB} KiB`],
  ['inbox CSS (brotli)', `${assets.cssKiB} KiB`],
];
for (const [name, value] of table) console.log(name.padEnd(58), value.padStart(10));
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, `bench/results/inbox-${values.db}.json`), `${JSON.stringify(result, null, 2)}\n`);
