// What a visitor on a slow phone can do (decisions 014, 015), in the suite's Chromium with the CPU slowed
// down 4x: the menu and SEND answer as soon as the loading overlay is gone, before the page's islands
// have hydrated, and again once they have. How many milliseconds that takes, and when the overlay leaves
// against the first paint, depend on the machine and the Chromium: `npm run bench:interaction` and
// `npm run bench:first-screen` measure and print them.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { baseUrl } from './support/browser';
import { type OpenPage, test } from './support/fixtures';
import { emulateSlowPhone, recordPageTimings, SLOW_PHONE } from '@site/testing/slow-phone';

const SEND = 'form button[type="submit"]';

describe('on a slow phone', () => {
  async function openSlowPhone(openPage: OpenPage, { network }: { network: boolean }) {
    const opened = await openPage({
      viewport: SLOW_PHONE.viewport,
      isMobile: true,
      hasTouch: true,
    });
    await emulateSlowPhone(opened.page.context(), opened.page, { network });
    await opened.page.addInitScript(recordPageTimings);
    return opened;
  }

  const overlayGone = (page: Page) => page.waitForFunction(() => window.__overlayGone !== undefined);

  test.for([
    {
      what: 'the mobile menu',
      path: paths.home,
      control: '.menu-toggle',
      response: '#site-menu:popover-open',
    },
    {
      what: 'SEND on an empty form',
      path: paths.contact,
      control: SEND,
      response: 'form [aria-invalid="true"]',
    },
  ])(
    '$what answers as soon as the loading overlay is gone, and again once the islands have hydrated',
    async ({ path, control, response }, { openPage }) => {
      const { page } = await openSlowPhone(openPage, { network: false });
      await page.goto(baseUrl() + path, { waitUntil: 'commit' });
      await overlayGone(page);
      const notHydrated = page.locator('[data-island][data-when="load"]:not([data-hydrated])');
      await page.locator(control).click();
      await page.locator(response).first().waitFor();
      await page.keyboard.press('Escape');
      await notHydrated.waitFor({ state: 'detached' });
      await page.locator(control).click();
      await page.locator(response).first().waitFor();
    },
  );
});
