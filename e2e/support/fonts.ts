import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language } from '@site/api-contract';

// The site's fonts are cut down to the characters it shows (apps/web/vite-plugins/subset-fonts.ts):
// every English page gets by with the two small subsets, every Greek page with Inter's subset and its
// Greek pages' faces.

/** A subset's file, with the 8 characters of its content hash. */
export const subset = (name: string) => new RegExp(`/assets/${name}-[\\w-]{8}\\.woff2$`);
const inter = subset('inter-variable');
const jakarta = subset('plus-jakarta-sans-variable');

/** The paths of the font files the page fetches from now on, in the order asked. */
export function fontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

/**
 * Scrolls through the rest of the page and checks the font files it fetched and the families it drew
 * in (the size-matched local fallbacks, which may have drawn the text until the subsets came, not
 * counted): English pages the two subsets; Greek pages Inter's subset and the Greek pages' faces.
 */
export async function expectFontsOf(page: Page, language: Language, fetched: string[]): Promise<void> {
  await page.mouse.wheel(0, 20_000);
  await page.evaluate(() => document.fonts.ready);
  const families = new Set(
    await page.evaluate(() =>
      [...document.fonts]
        .filter((face) => face.status === 'loaded' && !face.family.includes('Fallback'))
        .map((face) => face.family),
    ),
  );
  if (language === 'el') {
    // The same Latin subset as the English pages (cached across languages), the Greek letters, and
    // the page's few other characters (« », …) if it shows any.
    expect(fetched.filter((font) => !subset('inter-variable-el-latin').test(font)).sort()).toEqual([
      expect.stringMatching(inter),
      expect.stringMatching(subset('inter-variable-el')),
    ]);
    expect(families).toEqual(new Set(['Inter Variable']));
  } else {
    expect([...fetched].sort()).toEqual([expect.stringMatching(inter), expect.stringMatching(jakarta)]);
    expect(families).toEqual(new Set(['Inter Variable', 'Plus Jakarta Sans Variable']));
  }
}
