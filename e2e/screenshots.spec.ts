import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, type OnTestFinishedHandler } from 'vitest';
import { localizedPath } from '@site/api-contract';
import { paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { axeViolations } from './support/axe';
import { baseUrl, twoFrames, waitForApp } from './support/browser';
import { test } from './support/fixtures';
import { saveScreenshot, writingScreenshots } from './support/screenshots';

const englishRoutes = [
  { name: 'home', path: paths.home },
  { name: 'contact', path: paths.contact },
  { name: 'privacy', path: paths.privacy },
  { name: 'terms', path: paths.terms },
  { name: 'message-sent', path: paths.messageSent },
  { name: 'not-found', path: NO_SUCH_PAGE },
] as const;
/** The Greek pages, screenshots/el-*.png: Greek words are longer, so they are looked at too. */
const routes = [
  ...englishRoutes,
  ...englishRoutes.map(({ name, path }) => ({
    name: `el-${name}`,
    path: localizedPath('el', path),
  })),
];
const widths = [375, 768, 1280];

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * A phone lets the visitor pan into overflow that a desktop window would only clip. Each device loads
 * the page once, at the width axe-core checks it at (375 and 1280 px, on the same load as the overflow),
 * and is then resized through its other widths, as a visitor turning a phone or resizing a window does.
 * No script of the site measures the window only at load: what depends on the width is CSS, and the
 * scroll reveal and the scroll state measure again on every resize.
 */
const devices = [
  { device: 'phone', isMobile: true, loadedAt: 375, widthsToTry: [375, 320, 360, 414, 575] },
  {
    device: 'desktop',
    isMobile: false,
    loadedAt: 1280,
    widthsToTry: [1280, 576, 767, 768, 991, 992, 1199, 1200, 1399, 1400, 1920],
  },
] as const;
type Device = (typeof devices)[number]['device'];
type OnTestFinished = (handler: OnTestFinishedHandler) => void;

/** How many tabs of each device the file keeps, and so how many of its tests run at once for each. */
const TABS_PER_DEVICE = 2;

/**
 * Tabs of each device for the whole file, as a visitor going from page to page keeps one: each test
 * borrows a free tab of its device, loads its route in it afresh and gives the tab back when it ends. A
 * new context and tab cost more than the load itself, and the site keeps nothing in the browser that one
 * page would leave for the next (no storage; the cache is off while requests are held). The tests run a
 * few at a time (decision 080): most of a test is waiting for frames, two after each of its resizes and
 * scrolls at 60 frames a second, not working, and tabs wait for their frames side by side.
 */
const it = test.extend<{
  $file: { borrowTab: (device: Device, onTestFinished: OnTestFinished) => Promise<Page> };
}>({
  borrowTab: [
    async ({ browser }, use) => {
      const contexts: BrowserContext[] = [];
      const free = { phone: [], desktop: [] } as Record<Device, Page[]>;
      const opened = { phone: 0, desktop: 0 } as Record<Device, number>;
      const waiting = { phone: [], desktop: [] } as Record<Device, ((page: Page) => void)[]>;
      const giveBack = (device: Device, page: Page) => {
        const next = waiting[device].shift();
        if (next) next(page);
        else free[device].push(page);
      };
      const take = async (device: Device): Promise<Page> => {
        const page = free[device].pop();
        if (page) return page;
        if (opened[device] === TABS_PER_DEVICE)
          return new Promise<Page>((resolve) => waiting[device].push(resolve));
        opened[device] += 1;
        const { isMobile, loadedAt } = devices.find((each) => each.device === device)!;
        const context = await browser.newContext({
          isMobile,
          hasTouch: isMobile,
          viewport: { width: loadedAt, height: 900 },
        });
        contexts.push(context);
        return context.newPage();
      };
      await use(async (device, onTestFinished) => {
        const page = await take(device);
        onTestFinished(() => giveBack(device, page));
        return page;
      });
      await Promise.all(contexts.map((context) => context.close()));
    },
    { scope: 'file' },
  ],
});

/** Requests held until the page is released: the islands' scripts and the web fonts. */
const scriptsAndFonts = '**/assets/*.{js,woff2}';

/**
 * Loads `path` as it arrives on a slow connection and holds it there: its HTML and styles, the inline
 * behaviour script run (no loading overlay), the text in the local fallback fonts and no island started,
 * because the islands' scripts and the font files are kept waiting. `release` lets them come.
 */
async function loadHeldAsItArrives(page: Page, path: string, onTestFinished: OnTestFinished) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(scriptsAndFonts, async (route: Route) => {
    await released;
    await route.continue();
  });
  const releaseAll = async () => {
    release();
    await page.unrouteAll({ behavior: 'wait' });
  };
  // Also when the test fails on the way: the tab is the next test's (this runs before it is given back).
  onTestFinished(releaseAll);
  await page.goto(baseUrl() + path, { waitUntil: 'domcontentloaded' });
  return releaseAll;
}

/**
 * How far the page reaches past the window's right edge once it has drawn two more frames: what a resize
 * or a scroll set off (the resize event, the observers' callbacks) is laid out by then. One round trip
 * to the page instead of two.
 */
const overflowWhenDrawn = (page: Page, scrollToBottom = false) =>
  page.evaluate(
    (bottom) =>
      new Promise<number>((resolve) => {
        // Instant: a smooth scroll (the site's default without reduced motion) would still be moving.
        if (bottom) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - window.innerWidth)),
        );
      }),
    scrollToBottom,
  );

/**
 * Lays the open page out at `width`, as a rotated phone or a resized window does, and returns its
 * overflow once drawn.
 */
async function resizedOverflow(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: 900 });
  return overflowWhenDrawn(page);
}

describe.concurrent('every route at phone, tablet and desktop widths', () => {
  for (const { name, path } of routes)
    for (const { device, loadedAt, widthsToTry } of devices) {
      const [narrowest, widest] = [Math.min(...widthsToTry), Math.max(...widthsToTry)];
      const darkWidths = widths.filter((width) => (widthsToTry as readonly number[]).includes(width));
      it(`${path} on a ${device}, loaded at ${loadedAt} px and resized through every width from ${narrowest} to ${widest} px as a visitor turning a phone or resizing a window does, never scrolls sideways: as it arrives (scripts and web fonts held), once started or after scrolling, in light and (at ${darkWidths.join(' and ')} px) dark; axe-core finds no accessibility violation at ${loadedAt} px, light and dark (screenshots/${name}-*.png)`, async ({
        borrowTab,
        openPage,
        expect,
        onTestFinished,
      }) => {
        const page = await borrowTab(device, onTestFinished);
        await page.setViewportSize({ width: loadedAt, height: 900 });
        await page.emulateMedia({ colorScheme: 'light' });
        const release = await loadHeldAsItArrives(page, path, onTestFinished);
        for (const width of widthsToTry) {
          expect(
            await resizedOverflow(page, width),
            `${path} at ${width}px as it arrives`,
          ).toBeLessThanOrEqual(0);
        }
        // Still as it arrived: no script or font file has come, no island started.
        expect(
          await page.evaluate(() => ({
            arrived: performance
              .getEntriesByType('resource')
              .filter((entry) => /\.(js|woff2)$/.test(new URL(entry.name).pathname)).length,
            hydrated: document.querySelectorAll('[data-hydrated]').length,
          })),
        ).toEqual({ arrived: 0, hydrated: 0 });

        await release();
        await waitForApp(page);
        for (const width of widthsToTry) {
          await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
          expect(
            await resizedOverflow(page, width),
            `${path} at ${width}px once started`,
          ).toBeLessThanOrEqual(0);
          if (widths.includes(width)) {
            await page.emulateMedia({ colorScheme: 'dark' });
            expect(await overflow(page), `${path} at ${width}px, dark`).toBeLessThanOrEqual(0);
            await page.emulateMedia({ colorScheme: 'light' });
          }
          expect(
            await overflowWhenDrawn(page, true),
            `${path} at ${width}px after scrolling`,
          ).toBeLessThanOrEqual(0);
        }

        // Last: axe-core shows every scroll-revealed element at once (see axeViolations).
        await page.setViewportSize({ width: loadedAt, height: 900 });
        await twoFrames(page);
        await page.evaluate(() =>
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
        );
        await twoFrames(page);
        // The theme is the system's setting, which the page follows as it changes.
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          expect(await axeViolations(page), `${path} at ${loadedAt}px, ${colorScheme}`).toEqual([]);
        }

        if (!writingScreenshots || widest !== 1920) return;
        // The pictures, as a visitor who asked for reduced motion sees the whole page at once.
        for (const colorScheme of ['light', 'dark'] as const)
          for (const width of widths) {
            const { page: still } = await openPage({
              viewport: { width, height: 800 },
              reducedMotion: 'reduce',
              colorScheme,
            });
            await still.goto(baseUrl() + path);
            await waitForApp(still);
            const theme = colorScheme === 'dark' ? '-dark' : '';
            await saveScreenshot(still, `${name}${theme}-${width}`, { fullPage: true });
          }
      });
    }
});
