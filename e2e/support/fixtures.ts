import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { launchChromiumProfile } from '@site/testing/chromium';
import { inject, test as base } from 'vitest';
import { baseUrl } from './browser';
import { adminPages } from '@site/api-contract';
import {
  type InboxSite,
  type OperatorApi,
  operatorApi,
  registerFromLink,
  startInboxSite,
} from './inbox-site';
import { openOperatorBrowser, type OperatorBrowser } from './operator-browser';
import { type PreparedLead, prepareLeadOnce } from './prepared-lead';

export type PageProblems = { consoleErrors: string[]; foreignRequests: string[] };

export type OpenPage = (options?: BrowserContextOptions) => Promise<{ page: Page; problems: PageProblems }>;

/** A browser profile of its own on disk (its history, cookies), as a person's Chromium keeps one. */
export type ChromiumProfile = { context: BrowserContext; profileDir: string };

/**
 * The browser tests' `test`, Playwright-style: each fixture opens what a test asks for and closes it
 * after the test (or, `scope: 'file'`, after the file), whether it passed or failed.
 *
 * - `browser`: the suite's Chromium, connected once per file.
 * - `openPage`: a fresh page in a context of its own.
 * - `preparedLead`: the first operator, invited on the command line and signed in once for the whole
 *   run, by the first inbox spec that asks (decision 061): a data folder and the lead's session.
 * - `inboxSite`: the built server on http://localhost with a real SMTP server, once per file, with the
 *   file's `inboxSettings` (none unless a spec overrides them) added to its environment. It starts on a
 *   copy of the prepared lead's data, where the lead is an operator with a live session.
 * - `lead`: with the lead's session, through the inbox's API, invites the other operators and prepares
 *   what a test is not about (a restricted person).
 * - `operatorBrowser`: a context of its own with a passkey device; `signedIn(email)`: one whose operator
 *   was invited by the lead and signed in through the mailed link; `asLead(options, at)`: one with the
 *   lead's session, on the inbox's page `at` (the list unless given), for a test about what an operator
 *   does rather than who does it or how they sign in (it must not end the session: no signing out).
 * - `chromiumProfile`: Chromium on a profile folder that outlives the browser, for what it keeps on disk.
 */
export const test = base
  .extend<{
    $test: {
      openPage: OpenPage;
      operatorBrowser: (options?: BrowserContextOptions) => Promise<OperatorBrowser>;
      chromiumProfile: () => Promise<ChromiumProfile>;
    };
    $file: {
      browser: Browser;
      inboxSettings: Record<string, string>;
      preparedLead: PreparedLead;
      inboxSite: InboxSite;
      lead: OperatorApi;
    };
  }>({
    browser: [
      // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
      async ({}, use) => {
        const browser = await chromium.connect(inject('browserEndpoint'));
        await use(browser);
        await browser.close();
      },
      { scope: 'file' },
    ],
    inboxSettings: [
      // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
      async ({}, use) => use({}),
      { scope: 'file' },
    ],
    preparedLead: [
      async ({ browser }, use) => use(await prepareLeadOnce(browser, inject('leadDir'))),
      { scope: 'file' },
    ],
    inboxSite: [
      async ({ inboxSettings, preparedLead }, use) => {
        const site = await startInboxSite(inboxSettings, preparedLead.dataDir);
        await use(site);
        await site.stop();
      },
      { scope: 'file' },
    ],
    lead: [
      async ({ inboxSite, preparedLead }, use) => use(await operatorApi(inboxSite, preparedLead.session)),
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
    operatorBrowser: async ({ browser }, use) => {
      const opened: OperatorBrowser[] = [];
      await use(async (options) => {
        const operator = await openOperatorBrowser(browser, options);
        opened.push(operator);
        return operator;
      });
      await Promise.all(opened.map(({ context }) => context.close()));
    },
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    chromiumProfile: async ({}, use) => {
      const opened: ChromiumProfile[] = [];
      await use(async () => {
        const profileDir = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
        const profile = { context: await launchChromiumProfile(profileDir), profileDir };
        opened.push(profile);
        return profile;
      });
      for (const { context, profileDir } of opened) {
        await context.close();
        rmSync(profileDir, { recursive: true, force: true });
      }
    },
  })
  // Signs in on the inbox site; the browser is the operatorBrowser fixture's, closed with it.
  .extend(
    'signedIn',
    async ({ lead, operatorBrowser }) =>
      async (email: string, options?: BrowserContextOptions) => {
        const operator = await operatorBrowser(options);
        await registerFromLink(operator.page, await lead.invite(email));
        return operator;
      },
  )
  // The lead's session in a browser of its own, on the page `at` of the inbox (the list unless given).
  .extend(
    'asLead',
    async ({ inboxSite, preparedLead, operatorBrowser }) =>
      async (options?: BrowserContextOptions, at?: string) => {
        const operator = await operatorBrowser(options);
        await operator.context.addCookies([preparedLead.session]);
        await operator.page.goto(inboxSite.origin + (at ?? adminPages.inbox));
        if (!at) await operator.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
        return operator;
      },
  );

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
