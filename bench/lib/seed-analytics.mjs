// Stores three years of analytics as the server keeps them (decisions 066 and 069), through the built
// server's own modules (apps/server/dist): before the last 30 days, the daily roll-up only, made by the
// roll-up's own function (day-figures) from a week of generated days, each older day a copy of one of
// them; raw page views of the last 30 days, written as the buffer writes them; then the daily retention
// run rolls those days up and sums each month that is over.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repo } from '@site/testing/server-process';

const server = (path) => import(pathToFileURL(join(repo, 'apps/server/dist', path)).href);
const { pageViewRepository } = await server('analytics/page-view-repository.js');
const { dailyRepository } = await server('analytics/daily-repository.js');
const { dayFigures } = await server('analytics/day-figures.js');
const { analyticsRetention } = await server('analytics/analytics-retention.js');
const { saltRepository } = await server('analytics/salt-repository.js');
const { dayOf, daysBefore, RAW_DAYS } = await server('analytics/analytics-day.js');

/** 100,000 page views a month: 1.2 million a year, a day's share of it. */
export const VIEWS_PER_MONTH = 100_000;
const VIEWS_PER_DAY = Math.round((VIEWS_PER_MONTH * 12) / 365);
export const SEEDED_DAYS = 3 * 365;
const TEMPLATE_DAY = '2000-01-01';
/** The main site has most of the traffic; a partner site the rest. */
const SITES = [
  ['bench-site', 0.8],
  ['bench-partner', 0.2],
];

/** A seeded generator (mulberry32): the same data on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** One of `values`, the first ones much more often than the last (a long tail, as pages and referrers are). */
const zipf = (next, values) => values[Math.floor(values.length * next() ** 3)];

const pages = [
  '/',
  '/contact',
  '/privacy',
  ...Array.from({ length: 27 }, (_, i) => `/articles/article-${i + 1}`),
].flatMap((path) => [path, path === '/' ? '/el' : `/el${path}`]);
const referrers = ['www.google.com', 'www.linkedin.com', 'www.bing.com', 'duckduckgo.com', 't.co'].concat(
  Array.from({ length: 295 }, (_, i) => `blog-${i + 1}.example`),
);
const campaigns = {
  utm_source: [
    'newsletter',
    'linkedin',
    'google',
    'partner',
    'twitter',
    'podcast',
    'event',
    'ads',
    'mail',
    'other',
  ],
  utm_medium: ['email', 'social', 'cpc', 'referral', 'print'],
  utm_campaign: Array.from({ length: 20 }, (_, i) => `campaign-${i + 1}`),
  utm_term: Array.from({ length: 10 }, (_, i) => `term-${i + 1}`),
  utm_content: Array.from({ length: 10 }, (_, i) => `content-${i + 1}`),
};
const devices = ['desktop', 'desktop', 'desktop', 'mobile', 'mobile', 'tablet'];

/**
 * One site's generated day: visitors of one to six page views (a campaign on one in ten landings), the
 * assets fetched by nearly all, the form started by a few, a few bursts, and requests left out by
 * their headers.
 */
function generatedDay(day, siteKey, views, seed) {
  const next = random(seed);
  const rows = [];
  const assets = [];
  const formStarts = [];
  const start = Date.parse(`${day}T00:00:00Z`);
  for (let visitor = 0; rows.length < views; visitor++) {
    const id = `${siteKey}-${day}-${visitor}`.padEnd(22, '0').slice(-22);
    const burst = next() < 0.005;
    const count = burst ? 20 : 1 + Math.floor(next() ** 2 * 6);
    const referrer = next() < 0.4 ? null : zipf(next, referrers);
    const campaign = next() < 0.1;
    const device = devices[Math.floor(next() * devices.length)];
    let time = start + Math.floor(next() * 80_000_000);
    for (let view = 0; view < count; view++) {
      const path = zipf(next, pages);
      rows.push({
        day,
        site_key: siteKey,
        visitor: id,
        viewed_at: new Date(time).toISOString(),
        path,
        language: path.startsWith('/el') ? 'el' : 'en',
        referrer_host: view === 0 ? referrer : null,
        ...Object.fromEntries(
          Object.entries(campaigns).map(([field, values]) => [
            field,
            campaign && view === 0 && (field !== 'utm_term' || next() < 0.3) ? zipf(next, values) : null,
          ]),
        ),
        device,
        navigation: next() < 0.97 ? 1 : 0,
      });
      time += burst ? 300 : 20_000 + Math.floor(next() * 120_000);
    }
    if (next() < 0.97) assets.push({ day, site_key: siteKey, visitor: id });
    if (next() < 0.02) formStarts.push({ day, site_key: siteKey, visitor: id });
  }
  const leftOut = [
    ['declared-bot', Math.round(views * 0.3)],
    ['headless', Math.round(views * 0.02)],
    ['no-agent', Math.round(views * 0.01)],
  ].map(([reason, requests]) => ({ day, site_key: siteKey, reason, requests }));
  return { views: rows, assets, formStarts, leftOut };
}

/**
 * Seeds `db` with SEEDED_DAYS days up to `now`: the last RAW_DAYS raw (rolled up but today by the
 * retention run), the others roll-up rows only. Returns how many rows of each it stored.
 */
export async function seedAnalytics(db, now = new Date()) {
  const views = pageViewRepository(db);
  const daily = dailyRepository(db);
  const today = dayOf(now);
  // A week of days, each older day a copy of one of them (made on any date, then given the older day's).
  const week = Array.from({ length: 7 }, (_, weekday) =>
    SITES.flatMap(([siteKey, share], index) => {
      const day = generatedDay(
        TEMPLATE_DAY,
        siteKey,
        Math.round(VIEWS_PER_DAY * share),
        1_000 + weekday * 10 + index,
      );
      const visitors = (table) => new Set(table.map((row) => row.visitor));
      return dayFigures(
        TEMPLATE_DAY,
        siteKey,
        day.views,
        { assets: visitors(day.assets), formStarts: visitors(day.formStarts) },
        day.leftOut,
      );
    }),
  );
  const older = [];
  for (let back = RAW_DAYS; back < SEEDED_DAYS; back++) {
    const day = daysBefore(today, back);
    older.push(...week[back % 7].map((row) => ({ ...row, day })));
  }
  await daily.insert(older);
  let rawViews = 0;
  for (let back = RAW_DAYS - 1; back >= 0; back--) {
    const day = daysBefore(today, back);
    for (const [index, [siteKey, share]] of SITES.entries()) {
      const generated = generatedDay(day, siteKey, Math.round(VIEWS_PER_DAY * share), back * 10 + index);
      await views.write(
        generated.views,
        { analytics_asset_visitors: generated.assets, analytics_form_starts: generated.formStarts },
        generated.leftOut,
      );
      rawViews += generated.views.length;
    }
  }

  // The daily retention run: the raw days rolled up, each month that is over summed.
  await analyticsRetention({ views, daily, salts: saltRepository(db) })(now);
  return { rawViews, rolledUpRows: older.length };
}
