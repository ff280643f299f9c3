// The site's fonts are cut down to the characters it shows (apps/web/vite-plugins/subset-fonts.ts):
// every page gets by with the two small subsets, and a character outside them still finds its font.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';

const routes = [paths.home, paths.privacy, paths.terms, paths.contact, paths.messageSent, NO_SUCH_PAGE];
const subsets = [
  /\/assets\/inter-variable-[\w-]+\.woff2$/,
  /\/assets\/plus-jakarta-sans-variable-[\w-]+\.woff2$/,
];

function fontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

describe('fonts', () => {
  test.for(routes)(
    '%s shows all its text in the two subsets and fetches no other font',
    async (path, { openPage }) => {
      const { page } = await openPage();
      const fonts = fontRequests(page);
      await page.goto(baseUrl() + path);
      await waitForApp(page);
      await page.mouse.wheel(0, 20_000);
      await page.evaluate(() => document.fonts.ready);
      expect(fonts.sort()).toEqual([expect.stringMatching(subsets[0]!), expect.stringMatching(subsets[1]!)]);
      // The size-matched local fallbacks may have drawn the text until the subsets came: they are not counted.
      const loaded = await page.evaluate(() =>
        [...document.fonts]
          .filter((face) => face.status === 'loaded' && !face.family.includes('Fallback'))
          .map((face) => face.family),
      );
      expect(new Set(loaded)).toEqual(new Set(['Inter Variable', 'Plus Jakarta Sans Variable']));
    },
  );

  test.for([375, 1280])(
    'at %i px the hero lays out the same in the local fallback fonts: nothing moves when the web fonts arrive',
    async (width, { openPage }) => {
      const boxes = async (blockFonts: boolean) => {
        const { page } = await openPage({ viewport: { width, height: 800 } });
        if (blockFonts) await page.route('**/*.woff2', (route) => route.abort());
        await page.goto(baseUrl());
        await waitForApp(page);
        await page.evaluate(() => document.fonts.ready);
        const sizes = await page.evaluate(() =>
          ['#hero-title', '#hero-title + p', '#about h2'].map((selector) => {
            const box = document.querySelector(selector)!.getBoundingClientRect();
            return { selector, width: Math.round(box.width), height: Math.round(box.height) };
          }),
        );
        return sizes;
      };
      expect(await boxes(true)).toEqual(await boxes(false));
    },
  );

  test('a name typed in Greek is drawn in the site font: its Greek file is fetched then', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    const greekFont = page.waitForResponse((response) =>
      /\/inter-greek-wght-normal-[\w-]+\.woff2$/.test(response.url()),
    );
    await page.getByPlaceholder('Your Name').fill('Γιώργος');
    expect((await greekFont).status()).toBe(200);
  });
});
