import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languageOfPath, languages, localizedPath } from '@site/api-contract';
import { brand } from '../apps/web/app/content/brand';
import { generatedFiles, pagePath, paths, prerenderedPaths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE, prerenderedFile } from '@site/testing/pages';
import { baseUrl } from './support/browser';

const siteUrl = 'http://localhost:3000'; // the build's default SITE_URL
const indexable = [paths.home, paths.contact, paths.privacy, paths.terms];
const pages = languages.flatMap((language) => [
  ...indexable.map((path) => ({ language, path: pagePath(language, path), twin: path, indexed: true })),
  { language, path: localizedPath(language, NO_SUCH_PAGE), twin: undefined, indexed: false },
]);

const get = (path: string) => fetch(baseUrl() + path);
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const metaContent = (html: string, key: string) =>
  attr(html, new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`));

describe('search and sharing', () => {
  for (const { language, path, twin, indexed } of pages) {
    it(`${path} has its title, description, language, theme colour, sharing tags${indexed ? ', canonical URL and its twin in every language' : ' and noindex'}`, async () => {
      const html = await (await get(path)).text();
      expect(attr(html, /<html lang="([^"]+)"/)).toBe(language);
      expect(attr(html, /<title>([^<]+)<\/title>/)).toContain(brand.name);
      expect(metaContent(html, 'description')?.length).toBeGreaterThan(40);
      expect(metaContent(html, 'theme-color')).toBe(brand.colours.primary);
      expect(metaContent(html, 'og:title')).toBe(
        attr(html, /<title>([^<]+)<\/title>/)?.replace(/&amp;/g, '&'),
      );
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'og:image')).toMatch(new RegExp(`^${siteUrl}/assets/og-image-[\\w-]+\\.png$`));
      expect(metaContent(html, 'og:image:alt')).toBe(brand.ogImage.alt[language]);
      expect(html).toMatch(/rel="apple-touch-icon" href="\/assets\/apple-touch-icon-[\w-]+\.png"/);
      const canonical = attr(html, /<link rel="canonical" href="([^"]+)"/);
      const alternates = Object.fromEntries(
        [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      if (indexed) {
        expect(canonical).toBe(`${siteUrl}${path}`);
        expect(metaContent(html, 'robots')).toBeUndefined();
        // Reciprocal: every language's twin, this page among them, and x-default the English one.
        expect(alternates).toEqual({
          ...Object.fromEntries(languages.map((other) => [other, `${siteUrl}${pagePath(other, twin!)}`])),
          'x-default': `${siteUrl}${twin}`,
        });
      } else {
        expect(canonical).toBeUndefined();
        expect(metaContent(html, 'robots')).toBe('noindex');
        expect(alternates).toEqual({});
      }
    });
  }

  it('the landing page describes the company as a schema.org Organization in Limassol', async () => {
    const html = await (await get(paths.home)).text();
    const json = JSON.parse(attr(html, /<script type="application\/ld\+json">([^<]+)<\/script>/)!);
    expect(json).toMatchObject({
      '@type': 'Organization',
      name: brand.name,
      address: { '@type': 'PostalAddress', addressLocality: 'Limassol', addressCountry: 'Cyprus' },
      contactPoint: { '@type': 'ContactPoint', email: brand.email },
    });
    expect((await get(new URL(json.logo).pathname)).status).toBe(200);
  });

  it('the link-preview picture is a 1200 x 630 PNG', async () => {
    const html = await (await get(paths.home)).text();
    const image = new URL(metaContent(html, 'og:image')!).pathname;
    const png = Buffer.from(await (await get(image)).arrayBuffer());
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });

  it('the Greek landing page describes the company with its Greek address', async () => {
    const html = await (await get(pagePath('el', paths.home))).text();
    const json = JSON.parse(attr(html, /<script type="application\/ld\+json">([^<]+)<\/script>/)!);
    expect(json).toMatchObject({
      url: `${siteUrl}/el`,
      address: { addressLocality: 'Λεμεσός', addressCountry: 'Κύπρος' },
    });
    expect(metaContent(html, 'og:locale')).toBe('el_GR');
    expect(metaContent(html, 'og:locale:alternate')).toBe('en_GB');
  });

  it('sitemap.xml lists every indexable page in every language with its twins, and robots.txt points to it', async () => {
    const sitemap = await (await get(generatedFiles.sitemap)).text();
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
      loc: /<loc>([^<]+)<\/loc>/.exec(entry!)![1],
      alternates: [...entry!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`),
    }));
    expect(entries.map((entry) => entry.loc).sort()).toEqual(
      pages
        .filter((p) => p.indexed)
        .map((p) => `${siteUrl}${p.path}`)
        .sort(),
    );
    for (const { loc, alternates } of entries) {
      expect((await get(new URL(loc!).pathname)).status, loc).toBe(200);
      expect(alternates, loc).toContain(`${languageOfPath(new URL(loc!).pathname)} ${loc}`);
      expect(alternates, loc).toHaveLength(languages.length + 1);
    }
    const robots = await (await get(generatedFiles.robots)).text();
    expect(robots).toContain(`Sitemap: ${siteUrl}${generatedFiles.sitemap}`);
  });

  it('every internal link and asset on every page answers 200 (no broken links)', async () => {
    const seen = new Set<string>();
    const queue: string[] = [paths.home];
    while (queue.length > 0) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const response = await get(path);
      expect(response.status, `${path}`).toBe(200);
      const type = String(response.headers.get('content-type'));
      // Pages name their links, scripts, styles and icons; stylesheets name their fonts.
      const references = type.startsWith('text/html')
        ? /(?:href|src)="([^"]+)"/g
        : type.startsWith('text/css')
          ? /url\(["']?([^"')]+)["']?\)/g
          : undefined;
      if (!references) continue;
      for (const [, href] of (await response.text()).matchAll(references)) {
        if (!href || /^(mailto:|https?:|data:|#)/.test(href)) continue;
        const target = new URL(href, baseUrl() + path).pathname;
        if (!seen.has(target)) queue.push(target);
      }
    }
    // The crawl reached every page from the home page, the stylesheet and icons they name, and its fonts.
    const crawled = [...seen];
    expect(crawled).toEqual(
      expect.arrayContaining(
        languages.flatMap((language) => indexable.map((path) => pagePath(language, path))),
      ),
    );
    for (const asset of [/\.css$/, /\.woff2$/, /\.svg$/, /\.png$/]) {
      expect(
        crawled.some((path) => asset.test(path)),
        String(asset),
      ).toBe(true);
    }
  });

  it('the Nu Html Checker finds no error in any built page of either language', () => {
    const vnu = createRequire(import.meta.url)('vnu-jar') as string;
    const built = (page: string) =>
      fileURLToPath(new URL(`../apps/web/build/client/${page}`, import.meta.url));
    const files = prerenderedPaths.filter((path) => !path.includes('.')).map(prerenderedFile);
    expect(files).toHaveLength(12);
    const result = spawnSync(
      'java',
      ['-jar', vnu, '--errors-only', '--format', 'text', ...files.map(built)],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.stderr.trim()).toBe('Document checking completed. No errors found.');
    expect(result.status).toBe(0);
  });
});
