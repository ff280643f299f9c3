import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { baseUrl, openPage, useBrowser, waitForApp } from './support/browser';

const routes = ['/', '/contact', '/privacy', '/termsservice', '/no-such-page'];

describe('axe-core finds no accessibility violation', () => {
  const browser = useBrowser();

  for (const width of [375, 1280]) {
    it(`on every route at ${width} px`, async () => {
      const { page, close } = await openPage(browser(), { viewport: { width, height: 800 } });
      for (const path of routes) {
        await page.goto(baseUrl() + path);
        await waitForApp(page);
        expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
      }
      await close();
    });
  }
});
