import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminEndpoints } from '@site/api-contract';
import { addPasskeyDevice } from '@site/testing/passkey-device';
import { axeViolations } from './axe';

/**
 * A browser context of its own with a passkey device; console errors (CSP refusals among them) are kept.
 * Tests get one from the `operatorBrowser` fixture, which closes it after the test.
 */
export async function openOperatorBrowser(browser: Browser, options: BrowserContextOptions = {}) {
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

export type OperatorBrowser = Awaited<ReturnType<typeof openOperatorBrowser>>;

/** The inbox's message rows, and the one with this subject. */
export const rows = (page: Page) => page.locator('button[data-message-id]');
export const rowOf = (page: Page, subject: string) => rows(page).filter({ hasText: subject });

/**
 * Opens the message of this subject from the list as the page has it (a page loaded after the message
 * arrived, or reloaded by the caller); its view.
 */
export async function openMessage(page: Page, subject: string) {
  await rowOf(page, subject).click();
  const view = page.locator('article.message-view');
  await view.locator('h2#message-subject').waitFor();
  return view;
}

/** The path of a message's opening (GET adminEndpoints.openMessage), for any message. */
const opening = new RegExp(`^${adminEndpoints.openMessage.path.replace(':id', '[^/]+')}$`);

/** Counts, from now on, the openings of a message the page asks for (the audited read). */
export function countOpenings(page: Page) {
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'GET' && opening.test(new URL(request.url()).pathname)) seen.count += 1;
  });
  return seen;
}

export const expectNoAxeViolations = async (page: Page, screen: string) =>
  expect(await axeViolations(page), screen).toEqual([]);
