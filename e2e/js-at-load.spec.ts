// Guards the lean pages (docs/decisions/014, 015): the JavaScript a page fetches at load is the inline
// behaviour module and the islands entry with its static imports; one static import of React there would
// put ~57 KiB back on every page without any test failing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { INBOX_JS_BROTLI_KIB, inboxScripts } from '@site/testing/inbox-build';
import { NO_SUCH_PAGE, prerenderedFile } from '@site/testing/pages';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';
import { repo } from './support/web-build';

const client = join(repo, 'apps/web/build/client');
const pages = [paths.home, paths.privacy, paths.terms, paths.contact, paths.messageSent, paths.notFound].map(
  prerenderedFile,
);
const behaviourScript = /<script data-islands="([^"]*)">([\s\S]*?)<\/script>/;
// Strings found in React DOM's production build and in no module of ours.
const reactDom = /__reactFiber|react\.dev\/errors/;

function scriptsAtLoad(page: string): string[] {
  const html = readFileSync(join(client, page), 'utf8');
  const tag = behaviourScript.exec(html);
  const [, attribute, inline] = tag ?? [];
  if (attribute === undefined || inline === undefined) throw new Error(`${page} has no behaviour script`);
  const files = JSON.parse(attribute.replaceAll('&quot;', '"')) as string[];
  return [inline, ...files.map((file) => readFileSync(join(client, file), 'utf8'))];
}

/**
 * The inline behaviour module is in every page's HTML, before the first paint: what can wait for the
 * islands entry goes there (decision 076). Its size before the web fonts came in parts (decision 072).
 */
const INLINE_BEHAVIOUR_GZIP_BYTES = 1366;
/**
 * Every script a page runs at load, gzipped apart and summed: 3,070 bytes once the islands' imports no
 * longer brought Vite's preload helper (decision 079; 3,786 with it).
 */
const SCRIPTS_AT_LOAD_GZIP_BYTES = 3 * 1024;

describe('JavaScript at load', () => {
  test.each(pages)(
    '%s: the inline behaviour module within 1,366 bytes gzip, and no Intl formatter',
    (page) => {
      const [inline] = scriptsAtLoad(page);
      expect(gzipSync(inline!, { level: 9 }).length).toBeLessThanOrEqual(INLINE_BEHAVIOUR_GZIP_BYTES);
      // A formatter's first use loads its locale's data: 40 to 60 ms in the one task of this script.
      expect(inline).not.toMatch(/\bIntl\./);
    },
  );

  test.each(pages)('%s: within 3 KiB gzip, no React DOM, no React Router scripts', (page) => {
    const scripts = scriptsAtLoad(page);
    const gzip = scripts.reduce((total, code) => total + gzipSync(code, { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(SCRIPTS_AT_LOAD_GZIP_BYTES);
    expect(scripts.filter((code) => reactDom.test(code))).toEqual([]);
    expect(readFileSync(join(client, page), 'utf8')).not.toContain('__reactRouterContext');
  });
});

/**
 * `loaded(path)`: the page as a first visit at a phone's width leaves it, once what it fetches by itself
 * (its islands, their chunks) has come (network idle), each in a fresh context of its own; loaded once
 * per file for the tests that read what it fetched.
 */
const it = test.extend<{ $file: { loaded: (path: string) => Promise<Page> } }>({
  loaded: [
    async ({ browser }, use) => {
      const pages = new Map<string, Promise<Page>>();
      const contexts: BrowserContext[] = [];
      await use((path) => {
        if (!pages.has(path))
          pages.set(
            path,
            (async () => {
              const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
              contexts.push(context);
              const page = await context.newPage();
              await page.goto(baseUrl() + path, { waitUntil: 'networkidle' });
              await waitForApp(page);
              return page;
            })(),
          );
        return pages.get(path)!;
      });
      await Promise.all(contexts.map((context) => context.close()));
    },
    { scope: 'file' },
  ],
});

describe('what a page fetches at load, in Chromium', () => {
  // A lean page's scripts were 3,065 bytes on the wire, brotli and headers (decision 079).
  const budgets = [
    { path: paths.home, jsKiB: 3.5 },
    { path: paths.privacy, jsKiB: 3.5 },
    { path: paths.terms, jsKiB: 3.5 },
    { path: NO_SUCH_PAGE, jsKiB: 3.5 },
    // The contact page's first screen is the form: React and the form come at load.
    { path: paths.contact, jsKiB: 75 },
  ];

  it.for(budgets)(
    '$path: at most $jsKiB KiB of JavaScript on the wire',
    async ({ path, jsKiB }, { loaded }) => {
      const page = await loaded(path);
      const scriptBytes = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
      );
      expect(scriptBytes / 1024).toBeLessThanOrEqual(jsKiB);
    },
  );

  it('the home page transfers at most 140 KiB in all', async ({ loaded }) => {
    const page = await loaded(paths.home);
    const bytes = await page.evaluate(() =>
      [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].reduce(
        (sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize,
        0,
      ),
    );
    expect(bytes / 1024).toBeLessThanOrEqual(140);
  });
});

describe('the contact page’s funnel beacon (form started)', () => {
  /** The JavaScript files the page has fetched, read from the build. */
  const scriptsFetched = async (page: Page) =>
    (
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js')),
      )
    ).map((path) => ({ path, code: readFileSync(join(client, path), 'utf8') }));
  const beacon = /sendBeacon/;

  it('is fetched by the contact page with its form', async ({ loaded }) => {
    const scripts = await scriptsFetched(await loaded(paths.contact));
    expect(scripts.filter(({ code }) => beacon.test(code))).toHaveLength(1);
  });
});

describe('the inbox’s JavaScript', () => {
  // Under the inbox's CSP (script-src 'self') an eval probe is refused and Firefox logs it as an error on
  // every page; zod's sits at the top of its module. The contract reaches the inbox as types and constants.
  test('has no eval probe, no zod, and starts within its brotli budget', () => {
    const scripts = inboxScripts();
    expect(scripts.length).toBeGreaterThan(0);
    expect(
      scripts.filter(({ code }) => /\bFunction\(|new Function\b/.test(code)).map(({ file }) => file),
    ).toEqual([]);
    expect(scripts.filter(({ code }) => /\$Zod|ZodError/.test(code)).map(({ file }) => file)).toEqual([]);
    const atStart = scripts.filter((script) => script.atStart);
    expect(atStart).toHaveLength(1);
    expect(atStart.reduce((total, { brotli }) => total + brotli, 0) / 1024).toBeLessThanOrEqual(
      INBOX_JS_BROTLI_KIB,
    );
  });
});
