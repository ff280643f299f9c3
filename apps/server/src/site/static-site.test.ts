import { brotliCompressSync, gzipSync } from 'node:zlib';
import { apiErrorCodes } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { prerenderedFile } from '@site/testing/pages';
import { buildTestApp, writeTestSite } from '../test/test-app.js';

/** The test site's one page besides the home page. */
const PAGE = '/privacy';

function writeSite(): string {
  const home = '<h1>Home</h1>'.repeat(50);
  const script = 'console.log("app");'.repeat(50);
  return writeTestSite({
    'index.html': home,
    'index.html.br': brotliCompressSync(home),
    [prerenderedFile(PAGE)]: '<h1>Privacy</h1>',
    '__spa-fallback.html': '<div>fallback</div>',
    'assets/app-3f9a1c.js': script,
    'assets/app-3f9a1c.js.gz': gzipSync(script),
    'favicon.svg': '<svg/>',
  });
}

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = await buildTestApp({}, writeSite()));
});

describe('serving the prerendered site', () => {
  it('serves each page by its path as HTML that browsers revalidate', async () => {
    const home = await app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.etag).toBeTruthy();
    const privacy = await app.inject(PAGE);
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toBe('<h1>Privacy</h1>');
  });

  it('answers a revalidation with 304 when the page has not changed', async () => {
    const first = await app.inject(PAGE);
    const again = await app.inject({
      url: PAGE,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await app.inject({ url: PAGE, headers: { 'if-none-match': '"old"' } });
    expect(changed.statusCode).toBe(200);
  });

  it('sends the precompressed file the browser accepts', async () => {
    const brotli = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await app.inject({ url: '/assets/app-3f9a1c.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('accept-encoding');
    const refused = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, identity' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year as immutable, other files briefly', async () => {
    const asset = await app.inject('/assets/app-3f9a1c.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await app.inject('/favicon.svg');
    expect(favicon.headers['cache-control']).toBe('public, max-age=3600, must-revalidate');
  });

  it('answers unknown paths with status 404 and the not-found page', async () => {
    for (const url of ['/nope', `${PAGE}/extra`, '/assets/missing.js', '/__spa-fallback.html', '/404']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe('<h1>Page not found</h1>');
    }
  });

  it('never serves files outside the site folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc/passwd']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('answers a malformed path with a JSON 400, not a server error', async () => {
    const response = await app.inject('/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('redirects a page path with a trailing slash to the canonical path', async () => {
    const response = await app.inject(`${PAGE}/`);
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe(PAGE);
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: PAGE });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it('answers other methods on unknown paths with 404, never a server error', async () => {
    for (const method of ['OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const response = await app.inject({ method, url: '/somewhere' });
      expect(response.statusCode, method).toBe(404);
    }
    expect((await app.inject({ method: 'OPTIONS', url: '/' })).statusCode).toBeLessThan(500);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject('/api/nothing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: apiErrorCodes.notFound });
  });
});

describe("the pages' policy and the API host the build pointed the forms at", () => {
  const policyOf = async (apiOrigin: string) => {
    const { app: site } = await buildTestApp({}, writeTestSite({}, { apiOrigin }));
    const csp = String((await site.inject('/')).headers['content-security-policy']);
    return { page: csp, notFound: String((await site.inject('/nope')).headers['content-security-policy']) };
  };

  it('a same-origin build lets pages call and post to their own origin only', async () => {
    const { page, notFound } = await policyOf('');
    for (const csp of [page, notFound]) {
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("form-action 'self';");
    }
  });

  it('a build with VITE_API_BASE lets pages fetch from and post forms to that origin', async () => {
    const { page, notFound } = await policyOf('https://api.example.com');
    for (const csp of [page, notFound]) {
      expect(csp).toContain("connect-src 'self' https://api.example.com;");
      expect(csp).toContain("form-action 'self' https://api.example.com;");
      expect(csp).toContain("default-src 'self';");
    }
  });

  it('refuses to start when site.json names something other than an http(s) origin', async () => {
    for (const apiOrigin of [
      'https://api.example.com/base',
      "https://api.example.com; script-src 'unsafe-inline'",
      'javascript:alert(1)',
      'api.example.com',
    ]) {
      await expect(buildTestApp({}, writeTestSite({}, { apiOrigin })), apiOrigin).rejects.toThrow(
        /apiOrigin/,
      );
    }
  });
});
