import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser, waitForApp } from './support/browser';

const outDir = fileURLToPath(new URL('../screenshots/', import.meta.url));
const routes = [
  { name: 'home', path: '/' },
  { name: 'contact', path: '/contact' },
  { name: 'privacy', path: '/privacy' },
  { name: 'terms', path: '/termsservice' },
  { name: 'not-found', path: '/no-such-page' },
];
const widths = [375, 768, 1280];

describe('every route at phone, tablet and desktop widths', () => {
  const browser = useBrowser();
  mkdirSync(outDir, { recursive: true });

  for (const { name, path } of routes) {
    it(`${path} fits 375, 768 and 1280 px without sideways scrolling (screenshots/${name}-*.png)`, async () => {
      for (const width of widths) {
        const { page, close } = await openPage(browser(), {
          viewport: { width, height: 800 },
          reducedMotion: 'reduce',
        });
        await page.goto(baseUrl() + path);
        await waitForApp(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${outDir}${name}-${width}.png`, fullPage: true });
        await close();
      }
    });
  }

  it('no page scrolls sideways at any common width from 320 to 1920 px', async () => {
    const { page, close } = await openPage(browser());
    for (const width of [320, 360, 414, 575, 576, 767, 768, 991, 992, 1199, 1200, 1399, 1400, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      for (const { path } of routes) {
        await page.goto(baseUrl() + path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
    await close();
  });
});
