// The site's fonts are cut down to the characters it shows (apps/web/vite-plugins/subset-fonts.ts), and
// a character outside them still finds its font. What each route fetches and draws in is checked on its
// load in routes.spec.ts; the two routes that spec does not load, here.
import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { launchChromium } from '@site/testing/chromium';
import { languageOfPath } from '@site/api-contract';
import { WEB_FONTS_DONE_ATTRIBUTE } from '../apps/web/app/lib/web-fonts';
import { pagePath, paths } from '../apps/web/app/paths';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';
import { expectFontsOf, fontRequests, subset } from './support/fonts';

/**
 * Chromium itself rather than the suite's headless shell: how wide a line of the local fallback font is
 * depends on how the browser positions glyphs, and the shell's differs from Chromium's by enough to fit
 * the home page's title on one line at 375 px where Chromium wraps it (decision 071).
 *
 * /contact, loaded once for the file's two tests of typed text: each types a name in its own script
 * and waits for that script's font file, which the page fetches only then (and only once).
 */
const it = test.extend<{ $file: { browser: Browser; contactPage: Page } }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const browser = await launchChromium();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  contactPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(baseUrl() + paths.contact);
      await waitForApp(page);
      await use(page);
      await context.close();
    },
    { scope: 'file' },
  ],
});

describe('fonts', () => {
  it.for([
    paths.contact,
    paths.messageSent,
    pagePath('el', paths.contact),
    pagePath('el', paths.messageSent),
  ])('%s shows all its text in its subsets and fetches no other font', async (path, { openPage }) => {
    const { page } = await openPage();
    const fetched = fontRequests(page);
    await page.goto(baseUrl() + path);
    await waitForApp(page);
    await expectFontsOf(page, languageOfPath(path), fetched);
  });

  it.for([
    [paths.home, 375],
    [paths.home, 1280],
    [pagePath('el', paths.home), 375],
    [pagePath('el', paths.home), 1280],
  ] as const)(
    '%s at %i px: the hero lays out the same in the local fallback fonts, nothing moves when the web fonts arrive',
    async ([path, width], { openPage }) => {
      // One page: first with every web font refused, then loaded again with them.
      const { page } = await openPage({ viewport: { width, height: 800 } });
      const boxes = async () => {
        await page.goto(baseUrl() + path);
        await waitForApp(page);
        // Every part of the page has had the web fonts (app/lib/web-fonts.ts), or they failed.
        await page.waitForFunction(
          (name) => document.documentElement.hasAttribute(name),
          WEB_FONTS_DONE_ATTRIBUTE,
        );
        await page.evaluate(() => document.fonts.ready);
        return page.evaluate(() =>
          ['#hero-title', '#hero-title + p', '#about h2'].map((selector) => {
            const box = document.querySelector(selector)!.getBoundingClientRect();
            return { selector, width: Math.round(box.width), height: Math.round(box.height) };
          }),
        );
      };
      await page.route('**/*.woff2', (route) => route.abort());
      const inFallbacks = await boxes();
      await page.unroute('**/*.woff2');
      const inWebFonts = await boxes();
      // The second load drew in the web fonts: a failed font is not remembered by the page's cache.
      expect(
        await page.evaluate(() =>
          [...document.fonts].some((face) => face.family === 'Inter Variable' && face.status === 'loaded'),
        ),
      ).toBe(true);
      expect(inFallbacks).toEqual(inWebFonts);
    },
  );

  it('a name typed in Greek on an English page is drawn in the site font: the Greek subset is fetched then', async ({
    contactPage: page,
  }) => {
    const greekFont = page.waitForResponse((response) => subset('inter-variable-el').test(response.url()));
    await page.getByPlaceholder('Your Name').fill('Γιώργος');
    expect((await greekFont).status()).toBe(200);
  });

  it('a name in a script no page is written in still finds its font file', async ({ contactPage: page }) => {
    const cyrillicFont = page.waitForResponse((response) =>
      /\/inter-cyrillic-wght-normal-[\w-]+\.woff2$/.test(response.url()),
    );
    await page.getByPlaceholder('Your Name').fill('Дмитрий');
    expect((await cyrillicFont).status()).toBe(200);
  });
});
