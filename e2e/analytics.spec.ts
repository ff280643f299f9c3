import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { baseUrl, waitForIsland } from './support/browser';
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
