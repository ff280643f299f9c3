// What a visitor on a slow phone can do (decisions 014, 015), in the suite's Chromium with the CPU slowed
// down 4x: the menu and SEND answer as soon as the loading overlay is gone, before the page's islands
// have hydrated (their scripts are held back until then, so the tap surely comes first), and again once
// they have. How many milliseconds that takes, and when the overlay leaves
// against the first paint, depend on the machine and the Chromium: `npm run bench:interaction` and
// `npm run bench:first-screen` measure and print them.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { baseUrl } from './support/browser';
import { type OpenPage, test } from './support/fixtures';
import { emulateSlowPhone, recordPageTimings, SLOW_PHONE } from '@site/testing/slow-phone';

const SEND = 'form button[type="submit"]';
const scriptMarkedAField = 'form [aria-invalid="true"]';

declare global {
  interface Window {
    __browserCheckedTheForm?: boolean;
  }
}

/** The browser's own check of a form fires `invalid` at each empty required field (and shows its bubble). */
function recordBrowserFormChecks() {
  document.addEventListener('invalid', () => (window.__browserCheckedTheForm = true), { capture: true });
}

describe('on a slow phone', () => {
  async function openSlowPhone(openPage: OpenPage, { network }: { network: boolean }) {
    const opened = await openPage({
      viewport: SLOW_PHONE.viewport,
      isMobile: true,
      hasTouch: true,
    });
    await emulateSlowPhone(opened.page.context(), opened.page, { network });
    await opened.page.addInitScript(recordPageTimings);
    await opened.page.addInitScript(recordBrowserFormChecks);
    return opened;
  }

  /** Holds back every script file the page asks for (the islands' code) until `release` is called. */
  async function holdScripts(page: Page) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    return { release };
  }

  const overlayGone = (page: Page) => page.waitForFunction(() => window.__overlayGone !== undefined);

  test.for([
    {
      what: 'the mobile menu',
      path: paths.home,
      control: '.menu-toggle',
      // A popover: the browser opens it with or without the script.
      beforeHydration: (page: Page) => page.locator('#site-menu:popover-open').waitFor(),
      afterHydration: (page: Page) => page.locator('#site-menu:popover-open').waitFor(),
    },
    {
      what: 'SEND on an empty form',
      path: paths.contact,
      control: SEND,
      // Until the form's island has hydrated, the browser checks the fields itself; then the script does.
      beforeHydration: (page: Page) => page.waitForFunction(() => window.__browserCheckedTheForm === true),
      afterHydration: async (page: Page) => {
        await page.locator(scriptMarkedAField).first().waitFor();
        expect(await page.evaluate(() => window.__browserCheckedTheForm)).toBe(false);
      },
    },
  ])(
    '$what answers as soon as the loading overlay is gone, and again once the islands have hydrated',
    async ({ path, control, beforeHydration, afterHydration }, { openPage }) => {
      const { page } = await openSlowPhone(openPage, { network: false });
      const scripts = await holdScripts(page);
      await page.goto(baseUrl() + path, { waitUntil: 'commit' });
      await overlayGone(page);
      const notHydrated = page.locator('[data-island][data-when="load"]:not([data-hydrated])');
      await page.locator(control).click();
      await beforeHydration(page);
      await page.keyboard.press('Escape');
      expect(await page.locator('[data-island][data-hydrated]').count()).toBe(0);
      scripts.release();
      await notHydrated.waitFor({ state: 'detached' });
      await page.evaluate(() => (window.__browserCheckedTheForm = false));
      await page.locator(control).click();
      await afterHydration(page);
    },
  );
});
