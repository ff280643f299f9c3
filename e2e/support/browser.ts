import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

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

/** Resolves once the page has drawn two more frames: what a scroll or a resize set off is laid out and painted. */
export const twoFrames = (page: Page): Promise<void> =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * Resolves once what a scroll brought into view is done: the islands' observers have run (two frames)
 * and every island in view is hydrated, so what hydrating it logs has been logged.
 */
export async function islandsInViewHydrated(page: Page): Promise<void> {
  await twoFrames(page);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-island]')].every((island) => {
      const box = (island.firstElementChild ?? island).getBoundingClientRect();
      return box.bottom <= 0 || box.top >= innerHeight || island.dataset.hydrated !== undefined;
    }),
  );
}

/**
 * Resolves once a request the page starts now has its answer. The browser reports requests in the order
 * they start, so any a click before started has been seen by then: a test can tell none was made.
 */
export const laterRequestAnswered = (page: Page): Promise<void> =>
  page.evaluate(async () => {
    await fetch(location.href, { cache: 'no-store' });
  });
