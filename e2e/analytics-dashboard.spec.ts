import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { adminPages, type AnalyticsReport } from '@site/api-contract';
import { messagesCommandOk } from '@site/testing/messages-command';
import { test } from './support/fixtures';
import type { InboxSite } from './support/inbox-site';
import { expectNoAxeViolations } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const count = (value: number) => value.toLocaleString('en');

/**
 * Days as the daily roll-up holds them, on this site and a partner's, straight in the server's SQLite
 * file: pages, referrers, a campaign, languages, devices, the funnel and bots left out. Every day of the
 * last 20, then one in five back to two years, so that long periods have weeks and months to group.
 */
function seedRollUp(site: InboxSite) {
  const db = new SQLite(join(site.env.DATA_DIR, 'site.db'));
  const insert = db.prepare(
    'insert into analytics_daily (day, site_key, dimension, value, visitors, views) values (?, ?, ?, ?, ?, ?)',
  );
  try {
    const days = [
      ...Array.from({ length: 20 }, (_, index) => index + 1),
      ...Array.from({ length: 142 }, (_, index) => 25 + index * 5),
    ];
    for (const back of days)
      for (const [siteKey, share] of [
        ['e2e-main-site', 3],
        ['e2e-partner', 1],
      ] as const) {
        const n = (back <= 20 ? back : 1 + (back % 7)) * share;
        for (const [dimension, value, visitors, views] of [
          ['total', '', 40 * n, 90 * n],
          ['path', '/', 40 * n, 50 * n],
          ['path', '/contact', 10 * n, 12 * n],
          ['path', '/el', 8 * n, 28 * n],
          ['landing', '/', 32 * n, 70 * n],
          ['landing', '/el', 8 * n, 20 * n],
          ['referrer', 'www.google.com', 25 * n, 60 * n],
          ['referrer', '', 15 * n, 30 * n],
          ['utm_source', 'newsletter', 5 * n, 9 * n],
          ['utm_campaign', 'autumn', 5 * n, 9 * n],
          ['language', 'en', 32 * n, 62 * n],
          ['language', 'el', 8 * n, 28 * n],
          ['device', 'desktop', 30 * n, 70 * n],
          ['device', 'mobile', 10 * n, 20 * n],
          ['funnel', 'contact-viewed', 10 * n, 12 * n],
          ['funnel', 'form-started', 4 * n, 0],
          ['left-out', 'declared-bot', 0, 70 * n],
          ['left-out', 'burst', 2 * n, 30 * n],
        ] as const)
          insert.run(dayAgo(back), siteKey, dimension, value, visitors, views);
      }
  } finally {
    db.close();
  }
}

/** A chart's table as [label, figure] pairs, as the operator reads it. */
async function chartRows(page: Page, caption: string) {
  const table: Locator = page.locator('figure.chart', { has: page.getByText(caption, { exact: true }) });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]),
    );
}

async function expectFiguresOf(page: Page, report: AnalyticsReport) {
  const { current } = report;
  await page.getByRole('heading', { name: new RegExp(`^${current.from} to ${current.to}`) }).waitFor();
  const headline = await page.locator('.headline-value').allTextContents();
  expect(headline).toEqual([count(current.visitors), count(current.pageViews), count(current.funnel.sent)]);
  expect(await chartRows(page, 'Top pages')).toEqual(
    current.pages.slice(0, 10).map((page) => [page.path, count(page.pageViews)]),
  );
  expect(await chartRows(page, 'Referrers')).toEqual(
    current.referrers.map((referrer) => [
      referrer.host || '(none: typed in or bookmarked)',
      count(referrer.visitors),
    ]),
  );
  expect((await chartRows(page, 'Campaigns (utm_campaign)')).map(([, value]) => value)).toEqual(
    current.campaigns.utm_campaign.map((campaign) => count(campaign.visitors)),
  );
  expect((await chartRows(page, "The contact form's funnel")).map(([, value]) => value)).toEqual(
    [
      current.funnel.visitors,
      current.funnel.contactViewed,
      current.funnel.formStarted,
      current.funnel.sent,
    ].map(count),
  );
  expect((await chartRows(page, 'Left out as bots')).map(([, value]) => value)).toEqual(
    current.leftOut.map((left) => count(left.requests)),
  );
  expect((await chartRows(page, 'Sites')).map(([, value]) => value)).toEqual(
    current.sites.map((site) => count(site.visitors)),
  );
}

/**
 * Both series over time as the command line counts them: grouped by `bucket`, each chart's table its
 * points, and its drawing's summary (its name) their total, which is the period's own.
 */
async function expectSeriesOf(page: Page, report: AnalyticsReport, bucket: 'week' | 'month') {
  const { series, current } = report;
  expect(series.bucket).toBe(bucket);
  for (const [label, key, total] of [
    ['Visitors', 'visitors', current.visitors],
    ['Page views', 'pageViews', current.pageViews],
  ] as const) {
    const caption = `${label} per ${bucket}`;
    const values = series.points.map((point) => point[key]);
    expect(values.reduce((sum, value) => sum + value, 0)).toBe(total);
    expect(await chartRows(page, caption)).toEqual(
      series.points.map((point, index) => [point.from, count(values[index]!)]),
    );
    const chart = page.locator('figure.chart', { has: page.getByText(caption, { exact: true }) });
    expect(await chart.getByRole('img').getAttribute('aria-label')).toContain(
      `${label} from ${series.points[0]!.from} to ${series.points.at(-1)!.from}: ${count(total)} in all, the highest ${count(Math.max(...values))}`,
    );
    expect(await chart.locator('rect').count()).toBe(series.points.length);
  }
}

/**
 * Types `day` into the focused From field as an en-US operator does (month, day, year) and sends the
 * form with Enter once the field holds it.
 */
async function showFrom(page: Page, day: string) {
  const [year, month, date] = day.split('-');
  await page.keyboard.type(`${month}${date}${year}`);
  await expect.poll(() => page.getByLabel('From', { exact: true }).inputValue()).toBe(day);
  await page.keyboard.press('Enter');
}

const widths = [375, 768, 1280];

/** The page at `width` px, without sideways scrolling. */
async function expectFitAt(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width}px`).toBeLessThanOrEqual(0);
}

/** At 375, 768 and 1280 px, light and dark: no sideways scrolling, axe clean, a screenshot each. */
async function expectScreens(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of widths) {
      await page.emulateMedia({ colorScheme });
      await expectFitAt(page, name, width);
      await expectNoAxeViolations(page, `${name} at ${width}px, ${colorScheme}`);
      await saveScreenshot(page, `${name}-${colorScheme}-${width}`, { fullPage: true });
    }
}

// Twelve screens with axe on each, and four commands, on a machine other runs share.
describe('the analytics dashboard in the inbox', { timeout: 300_000 }, () => {
  test("shows the command line's figures for the periods chosen by keyboard, by day, week and month, at every width, light and dark (screenshots/analytics-*.png)", async ({
    inboxSite: site,
    asLead,
  }) => {
    seedRollUp(site);
    const { page } = await asLead(
      { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', locale: 'en-US' },
      adminPages.analytics,
    );
    const cli = async (...args: string[]) =>
      JSON.parse(
        (await messagesCommandOk(site.env, 'analytics', '--json', ...args)).stdout,
      ) as AnalyticsReport;

    // By default the last 30 days, as the command line's default.
    await expectFiguresOf(page, await cli());
    expect(await page.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');

    // By keyboard: the period to the last 7 days, then Show.
    await page.getByLabel('Period', { exact: true }).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectFiguresOf(page, await cli('--from', dayAgo(6)));

    await expectScreens(page, 'analytics');

    // A custom period by keyboard: Custom (the last choice), then the first day typed in From, and
    // Enter sends the form. 120 days are grouped by week, two years by month.
    await page.getByLabel('Period', { exact: true }).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await showFrom(page, dayAgo(119));
    const weeks = await cli('--from', dayAgo(119), '--to', dayAgo(0));
    await expectFiguresOf(page, weeks);
    await expectSeriesOf(page, weeks, 'week');
    // The months below are drawn by the same parts in the same colours: here the widths only.
    for (const width of widths) await expectFitAt(page, 'analytics-weeks', width);
    await page.setViewportSize({ width: 1280, height: 900 });

    // From the period again, so that Tab lands on From's month (its field remembers the year last typed).
    await page.getByLabel('Period', { exact: true }).focus();
    await page.keyboard.press('Tab');
    await showFrom(page, dayAgo(729));
    const months = await cli('--from', dayAgo(729), '--to', dayAgo(0));
    await expectFiguresOf(page, months);
    await expectSeriesOf(page, months, 'month');
    await expectScreens(page, 'analytics-months');
  });
});
