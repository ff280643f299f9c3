import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { addPasskeyDevice } from '@site/testing/passkey-device';
import { axeViolations } from './axe';
import { type InboxSite, registerFromLink } from './inbox-site';

/** A browser of its own with a passkey device; console errors (CSP refusals among them) are kept. */
export async function operatorBrowser(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    ...options,
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await addPasskeyDevice(context, page);
  return { context, page, consoleErrors };
}

/** An operator invited on the command line, signed in through the mailed link in a browser of their own. */
export async function signedIn(
  site: InboxSite,
  browser: Browser,
  email: string,
  options?: BrowserContextOptions,
) {
  const operator = await operatorBrowser(browser, options);
  await registerFromLink(operator.page, await site.invite(email));
  return operator;
}

/** The inbox's message rows, and the one with this subject. */
export const rows = (page: Page) => page.locator('button[data-message-id]');
export const rowOf = (page: Page, subject: string) => rows(page).filter({ hasText: subject });

export const expectNoAxeViolations = async (page: Page, screen: string) =>
  expect(await axeViolations(page), screen).toEqual([]);
