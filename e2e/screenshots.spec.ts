import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
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
/** Where axe-core checks each route, on the same load as the overflow (it was a load of its own). */
const axeWidths = [375, 1280];

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * A phone lets the visitor pan into overflow that a desktop window would only clip. The desktop widths
 * are two tests, so that none runs near the time limit on a busy machine.
 */
const devices = [
  { device: 'phone', isMobile: true, widthsToTry: [320, 360, 375, 414, 575] },
  { device: 'desktop', isMobile: false, widthsToTry: [576, 767, 768, 991, 992] },
  { device: 'desktop', isMobile: false, widthsToTry: [1199, 1200, 1280, 1399, 1400, 1920] },
] as const;

describe('every route at phone, tablet and desktop widths', () => {
  for (const { name, path } of routes)
    for (const { device, isMobile, widthsToTry } of devices) {
      const [narrowest, widest] = [widthsToTry[0], widthsToTry.at(-1)];
      test(`${path} on a ${device} never scrolls sideways from ${narrowest} to ${widest} px, as it arrives, once started or after scrolling, in light and (at 375, 768 and 1280 px) dark; axe-core finds no accessibility violation at 375 and 1280 px, light and dark (screenshots/${name}-*.png)`, async ({
        openPage,
      }) => {
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
          if (axeWidths.includes(width)) {
            // The theme is the system's setting, which the page follows as it changes.
            for (const colorScheme of ['light', 'dark'] as const) {
              await page.emulateMedia({ colorScheme });
              expect(await axeViolations(page), `${path} at ${width}px, ${colorScheme}`).toEqual([]);
            }
            await page.emulateMedia({ colorScheme: 'light' });
          }
        }
        if (!writingScreenshots || widthsToTry.at(-1) !== 1920) return;
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
