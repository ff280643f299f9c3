import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { adminPages } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';

const SCRIPT = 'assets/index-a1b2c3.js';

/** A build of the inbox app as Vite writes it: one page and hashed assets, with brotli twins. */
function writeInboxBuild() {
  const root = mkdtempSync(join(tmpdir(), 'inbox-'));
  mkdirSync(join(root, 'assets'));
  const page = `<!doctype html><title>Inbox</title><script type="module" src="/admin/${SCRIPT}"></script>`;
  writeFileSync(join(root, 'index.html'), page);
  writeFileSync(join(root, SCRIPT), 'console.log("inbox")');
  writeFileSync(join(root, `${SCRIPT}.br`), brotliCompressSync('console.log("inbox")'));
  return root;
}

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = await buildTestApp({ INBOX_ROOT: writeInboxBuild() }));
});

describe('serving the inbox app', () => {
  it('answers every page of the app with it: never indexed, revalidated, no inline code allowed', async () => {
    for (const path of Object.values(adminPages)) {
      const response = await app.inject(path);
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain(`/admin/${SCRIPT}`);
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['cache-control']).toBe('no-cache');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|sha256-|https?:/);
    }
  });

  it('serves its hashed assets for a year, compressed, and nothing else under /admin', async () => {
    const script = await app.inject({ url: `/admin/${SCRIPT}`, headers: { 'accept-encoding': 'br' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['x-robots-tag']).toBe('noindex, nofollow');
    for (const path of ['/admin/assets/missing.js', '/admin/assets/../index.html', '/admin/settings'])
      expect((await app.inject(path)).statusCode, path).toBe(404);
  });
});
