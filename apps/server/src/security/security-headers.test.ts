import { UNSUBSCRIBE_PAGE_PATH, XSRF_TOKEN_PATH } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import { inlineScriptHashes } from './content-security-policy.js';

const page =
  '<html><head><script>window.boot = 1;</script><script src="/assets/a.js"></script></head><body></body></html>';
async function start(settings: Record<string, string> = {}) {
  const { app } = await buildTestApp(settings, writeTestSite({ 'index.html': page }));
  return app;
}

describe('security headers', () => {
  it('pages carry a CSP that allows only their own inline scripts, by hash', async () => {
    const app = await start();
    const response = await app.inject('/');
    const csp = String(response.headers['content-security-policy']);
    const [hash] = inlineScriptHashes(page);
    expect(csp).toContain(`script-src 'self' ${hash}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    for (const directive of [
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
    ]) {
      expect(csp).toContain(directive);
    }
  });

  it('every response has the hardening headers, and non-pages a strict CSP', async () => {
    const app = await start();
    for (const url of ['/', XSRF_TOKEN_PATH, '/missing', UNSUBSCRIBE_PAGE_PATH]) {
      const headers = (await app.inject(url)).headers;
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(String(headers['permissions-policy']), url).toContain('camera=()');
      expect(String(headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security'], url).toBeUndefined();
    }
    expect((await app.inject(XSRF_TOKEN_PATH)).headers['content-security-policy']).toMatch(
      /^default-src 'none'/,
    );
    expect((await app.inject(UNSUBSCRIBE_PAGE_PATH)).headers['content-security-policy']).toContain(
      "form-action 'self'",
    );
  });

  it('sends Strict-Transport-Security and a Secure cookie when the site is https', async () => {
    const app = await start({ SITE_URL: 'https://www.example.com' });
    const response = await app.inject('/');
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers['set-cookie']).toMatch(/; SameSite=Lax; Secure$/);
  });

  it('HSTS can be switched off for an https site behind something that sets it', async () => {
    const app = await start({ SITE_URL: 'https://www.example.com', HSTS: 'false' });
    expect((await app.inject('/')).headers['strict-transport-security']).toBeUndefined();
  });
});
