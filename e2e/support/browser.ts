import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

/** Connects to the suite's Chromium once per test file. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject('browserEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('browser not connected yet');
    return browser;
  };
}

export type PageProblems = { consoleErrors: string[]; foreignRequests: string[] };

/** A fresh page that records console errors and any request that leaves the local server. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: PageProblems; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], foreignRequests: [] };
  const origin = new URL(baseUrl()).origin;
  page.on('console', (message) => {
    if (message.type() === 'error') problems.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) problems.foreignRequests.push(url);
  });
  return { page, problems, close: () => context.close() };
}

/**
 * Waits until the loading overlay has gone, the behaviour script has started after the first paint (the
 * islands entry, which it fetches last, has arrived) and the islands hydrated at load are interactive.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('.loading-overlay').waitFor({ state: 'detached' });
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('.js')),
  );
  await page.waitForFunction(
    () => !document.querySelector('[data-island][data-when="load"]:not([data-hydrated])'),
  );
}

/** Brings an island into view and waits until it is interactive (hydrated on view, see app/islands). */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  const island = page.locator(`[data-island="${name}"]`);
  await island.locator(':scope > *').first().scrollIntoViewIfNeeded();
  await page.locator(`[data-island="${name}"][data-hydrated]`).waitFor({ state: 'attached' });
}
