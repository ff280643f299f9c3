// The lean-pages targets a visitor on a slow phone notices (docs/decisions/014), in the suite's Chromium
// with the CPU slowed down 4x (and the network slowed for the page-load checks).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser } from './support/browser';
import { emulateSlowPhone, interactionToPaint, recordPageTimings, SLOW_PHONE } from './support/slow-phone';

const routes = ['/', '/privacy', '/termsservice', '/contact', '/no-such-page'];
const SEND = 'form button[type="submit"]';

describe('on a slow phone', () => {
  const browser = useBrowser();

  async function openSlowPhone({ network }: { network: boolean }) {
    const opened = await openPage(browser(), {
      viewport: SLOW_PHONE.viewport,
      isMobile: true,
      hasTouch: true,
    });
    await emulateSlowPhone(opened.page.context(), opened.page, { network });
    await opened.page.addInitScript(recordPageTimings);
    return opened;
  }

  const overlayGone = (page: Page) => page.waitForFunction(() => window.__overlayGone !== undefined);
  const firstPaint = (page: Page) =>
    page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);

  it.each(routes)('%s is usable within 0.8 s: the loading overlay is gone by then', async (path) => {
    const { page, close } = await openSlowPhone({ network: true });
    await page.goto(baseUrl() + path, { waitUntil: 'commit' });
    await overlayGone(page);
    const timing = {
      overlayGone: await page.evaluate(() => window.__overlayGone!),
      firstPaint: (await (await firstPaint(page)).jsonValue()) as number,
    };
    expect(timing.overlayGone).toBeLessThanOrEqual(800);
    // Gone with the first paint: nobody sees it.
    expect(timing.overlayGone).toBeLessThanOrEqual(timing.firstPaint + 50);
    await close();
  });

  it.each([
    { what: 'the mobile menu', path: '/', control: '.menu-toggle', response: '#site-menu:popover-open' },
    {
      what: 'SEND on an empty form',
      path: '/contact',
      control: SEND,
      response: 'form [aria-invalid="true"]',
    },
  ])(
    '$what answers within 100 ms, right after load and once settled',
    async ({ path, control, response }) => {
      const { page, close } = await openSlowPhone({ network: false });
      await page.goto(baseUrl() + path, { waitUntil: 'commit' });
      await overlayGone(page);
      const atLoad = await interactionToPaint(page, () => page.locator(control).click());
      await page.keyboard.press('Escape');
      await page
        .locator('[data-island][data-when="load"]:not([data-hydrated])')
        .waitFor({ state: 'detached' });
      const settled = await interactionToPaint(page, () => page.locator(control).click());
      await page.locator(response).first().waitFor();
      expect(atLoad).toBeLessThanOrEqual(100);
      expect(settled).toBeLessThanOrEqual(100);
      await close();
    },
  );
});
