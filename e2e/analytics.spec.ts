import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { baseUrl, waitForIsland } from './support/browser';
import { launchFirefox } from './support/firefox';
import { test } from './support/fixtures';

/** Rows of the suite server's database, read-only. */
function rows(query: string, ...params: unknown[]): Record<string, unknown>[] {
  const db = new SQLite(join(inject('dataDir'), 'site.db'), { readonly: true });
  try {
    return db.prepare(query).all(...params) as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

/**
 * Headless Chromium with a person's user agent and the client hints that match it (decision 058):
 * otherwise the server rightly leaves it out as headless. `platform` keeps each test's visitor apart.
 */
async function asPersonsChromium(page: Page, platform: 'Linux' | 'Windows') {
  const major = page.context().browser()!.version().split('.')[0]!;
  const system = platform === 'Linux' ? 'X11; Linux x86_64' : 'Windows NT 10.0; Win64; x64';
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setUserAgentOverride', {
    userAgent: `Mozilla/5.0 (${system}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    userAgentMetadata: {
      brands: [
        { brand: 'Chromium', version: major },
        { brand: 'Not_A Brand', version: '24' },
      ],
      platform,
      platformVersion: '',
      architecture: 'x86',
      model: '',
      mobile: false,
    },
  });
}

const campaign = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const viewsOf = (utmCampaign: string) =>
  rows('select path, device, navigation, visitor from analytics_views where utm_campaign = ?', utmCampaign);
const formStartsOf = (utmCampaign: string) =>
  rows(
    `select f.visitor from analytics_form_starts f join analytics_views v
       on v.day = f.day and v.visitor = f.visitor where v.utm_campaign = ?`,
    utmCampaign,
  );

describe('page views counted by the server, through a real browser', () => {
  test('with JavaScript on: the view is counted, and touching the form reports it started', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await asPersonsChromium(page, 'Linux');
    const utm = campaign();
    await page.goto(`${baseUrl()}${paths.contact}?utm_source=e2e&utm_campaign=${utm}`);
    await expect
      .poll(() => viewsOf(utm), { timeout: 5_000 })
      .toEqual([expect.objectContaining({ path: paths.contact, device: 'desktop', navigation: 1 })]);
    expect(formStartsOf(utm)).toEqual([]);
    await waitForIsland(page, 'contact-form');
    await page.getByPlaceholder('Your Name').fill('Eleni');
    await page.getByPlaceholder('Subject').fill('Link tracking');
    await expect.poll(() => formStartsOf(utm).length, { timeout: 5_000 }).toBe(1);
  });

  test('with JavaScript off: the view is counted all the same, and nothing reports the form', async ({
    openPage,
  }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await asPersonsChromium(page, 'Windows');
    const utm = campaign();
    await page.goto(`${baseUrl()}${paths.contact}?utm_campaign=${utm}`);
    await expect
      .poll(() => viewsOf(utm), { timeout: 5_000 })
      .toEqual([expect.objectContaining({ path: paths.contact, device: 'desktop', navigation: 1 })]);
    await page.getByPlaceholder('Your Name').fill('Andreas');
    // A later view written proves the server flushed after the typing: no report came with it.
    await page.goto(`${baseUrl()}${paths.contact}?utm_campaign=${utm}-again`);
    await expect.poll(() => viewsOf(`${utm}-again`).length, { timeout: 5_000 }).toBe(1);
    expect(formStartsOf(utm)).toEqual([]);
  });
});

// Where the browser matters: which requests a page's load makes (its navigation header, with and
// without JavaScript) and when the form's first input event fires the beacon.
// Firefox took 13 to 32 s to start on a busy machine: each test and the hook may take two minutes.
describe('page views and the form started, through Firefox', { timeout: 120_000 }, () => {
  // Both started at once (decision 080): much of a start is Firefox waiting on itself, not working.
  let firefox: Browser | undefined;
  let withoutScript: Browser | undefined;
  beforeAll(async () => {
    const starts = [launchFirefox(), launchFirefox({ javaScript: false })] as const;
    const [withScript, without] = await Promise.allSettled(starts);
    firefox = withScript.status === 'fulfilled' ? withScript.value : undefined;
    withoutScript = without.status === 'fulfilled' ? without.value : undefined;
    // A start that failed fails the hook; afterAll closes the one that started.
    await Promise.all(starts);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([firefox?.close(), withoutScript?.close()]);
  });

  it('with JavaScript on: the view is counted, and the first field touched reports the form started', async () => {
    const page = await firefox!.newPage();
    try {
      const utm = campaign();
      await page.goto(`${baseUrl()}${paths.contact}?utm_source=e2e&utm_campaign=${utm}`);
      await expect
        .poll(() => viewsOf(utm), { timeout: 5_000 })
        .toEqual([expect.objectContaining({ path: paths.contact, device: 'desktop', navigation: 1 })]);
      expect(formStartsOf(utm)).toEqual([]);
      await page.$eval('[data-island="contact-form"] > *', (element) => element.scrollIntoView());
      await page.waitForSelector('[data-island="contact-form"][data-hydrated]');
      await page.type('[placeholder="Your Name"]', 'Eleni');
      await expect.poll(() => formStartsOf(utm).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('with JavaScript off: the view is counted all the same, and nothing reports the form', async () => {
    const page = await withoutScript!.newPage();
    try {
      // Another visitor than the test before's: Firefox on Windows.
      const version = (await withoutScript!.version()).split('/')[1]!.split('.')[0]!;
      await page.setUserAgent(
        `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`,
      );
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      const utm = campaign();
      await page.goto(`${baseUrl()}${paths.contact}?utm_campaign=${utm}`);
      // Scripting is off: the page's <noscript> stylesheet was fetched.
      expect(requested.some((url) => url.includes('/assets/no-script-'))).toBe(true);
      await expect
        .poll(() => viewsOf(utm), { timeout: 5_000 })
        .toEqual([expect.objectContaining({ path: paths.contact, device: 'desktop', navigation: 1 })]);
      await page.type('[placeholder="Your Name"]', 'Andreas');
      // A later view written proves the server flushed after the typing: no report came with it.
      await page.goto(`${baseUrl()}${paths.contact}?utm_campaign=${utm}-again`);
      await expect.poll(() => viewsOf(`${utm}-again`).length, { timeout: 5_000 }).toBe(1);
      expect(formStartsOf(utm)).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
