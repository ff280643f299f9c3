import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { localizedPath } from '@site/api-contract';
import { paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { baseUrl, twoFrames, waitForApp } from './support/browser';
import { type OpenPage, test } from './support/fixtures';
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
/** A phone lets the visitor pan into overflow that a desktop window would only clip. */
const devices = [
  { widths: 'phone widths, 320 to 575 px', isMobile: true, widthsToTry: [320, 360, 375, 414, 575] },
  {
    widths: 'desktop widths, 576 to 1920 px',
    isMobile: false,
    widthsToTry: [576, 767, 768, 991, 992, 1199, 1200, 1399, 1400, 1920],
  },
];

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const scrollTo = (page: Page, where: 'top' | 'bottom') =>
  // Instant: a smooth scroll (the site's default without reduced motion) keeps evaluate waiting ~1 s.
  page.evaluate(
    (top) => window.scrollTo({ top: top ? 0 : document.documentElement.scrollHeight, behavior: 'instant' }),
    where === 'top',
  );

/**
 * The page as it arrives, held there: its HTML and styles with JavaScript on (so not the no-script
 * styles), and a second policy that refuses every script, so the behaviour script never starts. The
 * server's own policy stays in force beside it.
 */
async function openArrivingPage(openPage: OpenPage, options: BrowserContextOptions, path: string) {
  const { page } = await openPage(options);
  await page.route(baseUrl() + path, async (route) => {
    const response = await route.fetch();
    const policy = response.headers()['content-security-policy'];
    const noScript = "script-src 'none'";
    await route.fulfill({
      response,
      headers: {
        ...response.headers(),
        'content-security-policy': policy ? `${policy}, ${noScript}` : noScript,
      },
    });
  });
  await page.goto(baseUrl() + path, { waitUntil: 'domcontentloaded' });
  return page;
}

/**
 * Each page is loaded twice on a phone and twice in a desktop window: once held as it arrives, once
 * started; each is then resized through every width, as a window is, instead of loaded again for each.
 */
describe.for(routes)('$path at phone, tablet and desktop widths', ({ name, path }) => {
  test.for(devices)(
    'never scrolls sideways at $widths, as it arrives, once started or after scrolling, in light and (at 375, 768 and 1280 px) dark',
    async ({ isMobile, widthsToTry }, { openPage }) => {
      const device = { isMobile, hasTouch: isMobile, viewport: { width: widthsToTry[0]!, height: 900 } };
      const arriving = await openArrivingPage(openPage, device, path);
      expect(await arriving.evaluate(() => document.querySelector('.loading-overlay') !== null)).toBe(true);
      for (const width of widthsToTry) {
        await arriving.setViewportSize({ width, height: 900 });
        await twoFrames(arriving);
        expect(await overflow(arriving), `${path} at ${width}px as it arrives`).toBeLessThanOrEqual(0);
      }

      const { page } = await openPage(device);
      await page.goto(baseUrl() + path);
      await waitForApp(page);
      for (const width of widthsToTry) {
        await page.setViewportSize({ width, height: 900 });
        await scrollTo(page, 'top');
        await twoFrames(page);
        expect(await overflow(page), `${path} at ${width}px once started`).toBeLessThanOrEqual(0);
        if (widths.includes(width)) {
          await page.emulateMedia({ colorScheme: 'dark' });
          expect(await overflow(page), `${path} at ${width}px, dark`).toBeLessThanOrEqual(0);
          await page.emulateMedia({ colorScheme: 'light' });
        }
        await scrollTo(page, 'bottom');
        await twoFrames(page);
        expect(await overflow(page), `${path} at ${width}px after scrolling`).toBeLessThanOrEqual(0);
      }
    },
  );

  // Registered only under `npm run screenshots`: `npm test` makes the checks above and writes no picture.
  if (writingScreenshots)
    test(`the pictures of it (screenshots/${name}-*.png)`, async ({ openPage }) => {
      // As a visitor who asked for reduced motion sees the whole page at once.
      for (const colorScheme of ['light', 'dark'] as const)
        for (const width of widths) {
          const { page } = await openPage({
            viewport: { width, height: 800 },
            reducedMotion: 'reduce',
            colorScheme,
          });
          await page.goto(baseUrl() + path);
          await waitForApp(page);
          const theme = colorScheme === 'dark' ? '-dark' : '';
          await saveScreenshot(page, `${name}${theme}-${width}`, { fullPage: true });
        }
    });
});
