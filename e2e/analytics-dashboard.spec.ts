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
 * Days of the last month as the daily roll-up holds them, on this site and a partner's, straight in the
 * server's SQLite file: pages, referrers, a campaign, languages, devices, the funnel and bots left out.
 */
function seedRollUp(site: InboxSite) {
  const db = new SQLite(join(site.env.DATA_DIR, 'site.db'));
  const insert = db.prepare(
    'insert into analytics_daily (day, site_key, dimension, value, visitors, views) values (?, ?, ?, ?, ?, ?)',
  );
  try {
    for (let back = 1; back <= 20; back++)
      for (const [siteKey, share] of [
        ['e2e-main-site', 3],
        ['e2e-partner', 1],
      ] as const) {
        const n = back * share;
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

// Six screens with axe on each, and three commands, on a machine other runs share.
describe('the analytics dashboard in the inbox', { timeout: 180_000 }, () => {
  test("shows the command line's figures for the period chosen by keyboard, at every width, light and dark (screenshots/analytics-*.png)", async ({
    inboxSite: site,
    asLead,
  }) => {
    seedRollUp(site);
    const { page } = await asLead(
      { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' },
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

    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [375, 768, 1280]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `at ${width}px`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `analytics at ${width}px, ${colorScheme}`);
        await saveScreenshot(page, `analytics-${colorScheme}-${width}`, { fullPage: true });
      }
  });
});
