import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { localizedPath } from '@site/api-contract';
import { paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
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

describe('every route at phone, tablet and desktop widths', () => {
  for (const { name, path } of routes) {
    test(`${path} never scrolls sideways from 320 to 1920 px, as it arrives, once started or after scrolling, in light and (at 375, 768 and 1280 px) dark (screenshots/${name}-*.png)`, async ({
      openPage,
    }) => {
      for (const [isMobile, widthsToTry] of [
        [true, [320, 360, 375, 414, 575]],
        [false, [576, 767, 768, 991, 992, 1199, 1200, 1399, 1400, 1920]],
      ] as const) {
        // A phone lets the visitor pan into overflow that a desktop window would only clip.
        const { page } = await openPage({ isMobile, hasTouch: isMobile });
        for (const width of widthsToTry) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(baseUrl() + path, { waitUntil: 'domcontentloaded' });
          expect(await overflow(page), `${path} at ${width}px as it arrives`).toBeLessThanOrEqual(0);
          await waitForApp(page);
          expect(await overflow(page), `${path} at ${width}px once started`).toBeLessThanOrEqual(0);
          if (widths.includes(width)) {
            await page.emulateMedia({ colorScheme: 'dark' });
            expect(await overflow(page), `${path} at ${width}px, dark`).toBeLessThanOrEqual(0);
            await page.emulateMedia({ colorScheme: 'light' });
          }
          // Instant: a smooth scroll (the site's default without reduced motion) keeps evaluate waiting ~1 s.
          await page.evaluate(() =>
            window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
          );
          await twoFrames(page);
          expect(await overflow(page), `${path} at ${width}px after scrolling`).toBeLessThanOrEqual(0);
        }
      }
      if (!writingScreenshots) return;
      // The pictures, as a visitor who asked for reduced motion sees the whole page at once.
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
  }
});
