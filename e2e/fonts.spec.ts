// The site's fonts are cut down to the characters it shows (apps/web/vite-plugins/subset-fonts.ts):
// every English page gets by with the two small subsets, every Greek page with Inter's subset and its
// Greek pages' faces, and a character outside them still finds its font.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { localizedPath } from '@site/api-contract';
import { pagePath, paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { baseUrl, waitForApp } from './support/browser';
import { type OpenPage, test } from './support/fixtures';

const routes = [paths.home, paths.privacy, paths.terms, paths.contact, paths.messageSent, NO_SUCH_PAGE];
const greekRoutes = routes.map((path) => localizedPath('el', path));
/** The subsets, each with the 8 characters of its content hash. */
const subset = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.woff2$`);
const subsets = [subset('inter-variable'), subset('plus-jakarta-sans-variable')];

function fontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

/**
 * The font files a page fetched once all of it was scrolled through, and the families it drew in (the
 * size-matched local fallbacks, which may have drawn the text until the subsets came, not counted).
 */
async function fontsOf(openPage: OpenPage, path: string) {
  const { page } = await openPage();
  const fetched = fontRequests(page);
  await page.goto(baseUrl() + path);
  await waitForApp(page);
  await page.mouse.wheel(0, 20_000);
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.status === 'loaded' && !face.family.includes('Fallback'))
      .map((face) => face.family),
  );
  return { fetched: fetched.sort(), families: new Set(loaded) };
}

describe('fonts', () => {
  test.for(routes)(
    '%s shows all its text in the two subsets and fetches no other font',
    async (path, { openPage }) => {
      const { fetched, families } = await fontsOf(openPage, path);
      expect(fetched).toEqual([expect.stringMatching(subsets[0]!), expect.stringMatching(subsets[1]!)]);
      expect(families).toEqual(new Set(['Inter Variable', 'Plus Jakarta Sans Variable']));
    },
  );

  test.for(greekRoutes)(
    "%s shows all its text in Inter: its subset and the Greek pages' faces, no other font",
    async (path, { openPage }) => {
      const { fetched, families } = await fontsOf(openPage, path);
      // The same Latin subset as the English pages (cached across languages), the Greek letters, and
      // the page's few other characters (« », …) if it shows any.
      expect(fetched.filter((font) => !subset('inter-variable-el-latin').test(font))).toEqual([
        expect.stringMatching(subsets[0]!),
        expect.stringMatching(subset('inter-variable-el')),
      ]);
      expect(families).toEqual(new Set(['Inter Variable']));
    },
  );

  test.for([
    [paths.home, 375],
    [paths.home, 1280],
    [pagePath('el', paths.home), 375],
    [pagePath('el', paths.home), 1280],
  ] as const)(
    '%s at %i px: the hero lays out the same in the local fallback fonts, nothing moves when the web fonts arrive',
    async ([path, width], { openPage }) => {
      const boxes = async (blockFonts: boolean) => {
        const { page } = await openPage({ viewport: { width, height: 800 } });
        if (blockFonts) await page.route('**/*.woff2', (route) => route.abort());
        await page.goto(baseUrl() + path);
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

  test('a name typed in Greek on an English page is drawn in the site font: the Greek subset is fetched then', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    const greekFont = page.waitForResponse((response) => subset('inter-variable-el').test(response.url()));
    await page.getByPlaceholder('Your Name').fill('Γιώργος');
    expect((await greekFont).status()).toBe(200);
  });

  test('a name in a script no page is written in still finds its font file', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    const cyrillicFont = page.waitForResponse((response) =>
      /\/inter-cyrillic-wght-normal-[\w-]+\.woff2$/.test(response.url()),
    );
    await page.getByPlaceholder('Your Name').fill('Дмитрий');
    expect((await cyrillicFont).status()).toBe(200);
  });
});
