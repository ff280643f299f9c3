// bench:analytics' dashboard section: GET /admin/api/analytics's one function (analytics-figures'
// report: a period's figures, the period before's and the series over time) timed for several periods
// over three years at 100,000 page views a month (seed-analytics.mjs), on SQLite and on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPostgresDatabase, dropPostgresDatabase } from '@site/testing/postgres';
import { repo } from '@site/testing/server-process';
import { seedAnalytics, SEEDED_DAYS, VIEWS_PER_MONTH } from './seed-analytics.mjs';
import { nearestRank } from './stats.mjs';

const server = (path) => import(pathToFileURL(join(repo, 'apps/server/dist', path)).href);
const { openDatabase } = await server('db/database.js');
const { analyticsFigures } = await server('analytics/analytics-figures.js');
const { dayOf, daysBefore, RAW_DAYS } = await server('analytics/analytics-day.js');

/** Timed runs of each period (after two to warm up); BENCH_DASHBOARD_RUNS sets it. */
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 20);
/** The dashboard's answer must come within this, at the 95th percentile. */
const TARGET_P95_MS = 200;

/** The periods timed, each ending today unless it says otherwise. */
function periods(today) {
  const last = (days) => ({ from: daysBefore(today, days - 1), to: today });
  return [
    ['7 days', last(7)],
    ['30 days', last(30)],
    ['a year', last(365)],
    ['three years', last(SEEDED_DAYS)],
    [
      `30 days across the raw/roll-up border (${RAW_DAYS} days ago)`,
      { from: daysBefore(today, RAW_DAYS + 14), to: daysBefore(today, RAW_DAYS - 15) },
    ],
    ['three years, one site', { ...last(SEEDED_DAYS), site: 'bench-partner' }],
  ];
}

async function timed(db, today) {
  const analytics = analyticsFigures(db);
  const rows = [];
  for (const [name, { from, to, site }] of periods(today)) {
    const times = [];
    const cpuTimes = [];
    let report;
    for (let run = 0; run < RUNS + 2; run++) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      report = await analytics.report({ from, to }, site);
      const { user, system } = process.cpuUsage(cpu);
      if (run < 2) continue;
      times.push(performance.now() - start);
      cpuTimes.push((user + system) / 1000);
    }
    rows.push({
      name,
      pageViews: report.current.pageViews,
      points: `${report.series.points.length} ${report.series.bucket}s`,
      p50: nearestRank(times, 0.5),
      p95: nearestRank(times, 0.95),
      cpuP95: nearestRank(cpuTimes, 0.95),
    });
  }
  return rows;
}

async function onDatabase(kind) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-dashboard-'));
  const database = kind === 'PostgreSQL' ? await createPostgresDatabase('bench_dashboard') : undefined;
  const db = await openDatabase({ dataDir, lockTimeoutMs: 5_000, url: database?.url });
  try {
    const now = new Date();
    const seeding = performance.now();
    const seeded = await seedAnalytics(db, now);
    const seconds = (performance.now() - seeding) / 1000;
    console.log(
      `${kind}: seeded ${seeded.rawViews} raw page views (${RAW_DAYS} days) and ${seeded.rolledUpRows} roll-up rows in ${seconds.toFixed(1)} s`,
    );
    return await timed(db, dayOf(now));
  } finally {
    await db.destroy();
    if (database) await dropPostgresDatabase(database.name);
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function dashboardQueries() {
  console.log(
    `\nDashboard queries (GET /admin/api/analytics's report: the period, the one before, the series), ` +
      `${SEEDED_DAYS} days at ${VIEWS_PER_MONTH.toLocaleString('en')} page views a month, ${RUNS} runs each\n`,
  );
  const results = { SQLite: await onDatabase('SQLite'), PostgreSQL: await onDatabase('PostgreSQL') };
  // SQLite runs in this process, so its CPU time is the work itself, which the machine's load does not
  // change; PostgreSQL's is this process's share only (the database server's is not in it).
  console.log(
    '\n| period | page views | series | SQLite p50 | SQLite p95 | SQLite CPU p95 | PostgreSQL p50 | PostgreSQL p95 | its client CPU p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  const ms = (value) => `${value.toFixed(1)} ms`;
  for (const [index, row] of results.SQLite.entries()) {
    const pg = results.PostgreSQL[index];
    console.log(
      `| ${row.name} | ${row.pageViews} | ${row.points} | ${ms(row.p50)} | ${ms(row.p95)} | ${ms(row.cpuP95)} | ${ms(pg.p50)} | ${ms(pg.p95)} | ${ms(pg.cpuP95)} |`,
    );
  }
  const worst = Math.max(...Object.values(results).flatMap((rows) => rows.map((row) => row.p95)));
  console.log(
    `\nSlowest p95: ${ms(worst)} (target ${TARGET_P95_MS} ms): ${worst <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
  );
}
