import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { baseUrl } from './browser';

export type PageProblems = { consoleErrors: string[]; foreignRequests: string[] };

export type OpenPage = (options?: BrowserContextOptions) => Promise<{ page: Page; problems: PageProblems }>;

/**
 * The browser tests' `test`: `browser` is the suite's Chromium, connected once per test file and closed after
 * it; `openPage` opens a fresh page in its own context, and every context a test opened is closed after the
 * test, whether it passed or failed.
 */
export const test = base.extend<{ $test: { openPage: OpenPage }; $file: { browser: Browser } }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const browser = await chromium.connect(inject('browserEndpoint'));
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  openPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
      contexts.push(context);
      const page = await context.newPage();
      return { page, problems: recordProblems(page) };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/** Records console errors and any request that leaves the local server. */
function recordProblems(page: Page): PageProblems {
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
  return problems;
}
