import { type ChildProcess, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  CONTACT_API_PATH,
  SITE_KEY_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from '@site/api-contract';
import { brand } from '../apps/web/app/content/brand';
import { rawConnection } from '@site/testing/raw-connection';
import { createTestDir, startTestSiteServer } from '@site/testing/per-test';
import { sampleMessage } from '@site/testing/sample-message';

const serverEntry = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));

/** Sends SIGTERM; resolves with the exit code and how long the exit took, once the output is complete. */
function terminate(child: ChildProcess) {
  const sentAtMs = performance.now();
  const done = new Promise<{ code: number | null; afterMs: number }>((resolve) =>
    child.once('close', (code) => resolve({ code, afterMs: performance.now() - sentAtMs })),
  );
  child.kill('SIGTERM');
  return done;
}

/** Headers of a contact message whose body is still to come; the server answers 100 Continue once it has them. */
async function startUpload(url: string, bodyLength: number) {
  const csrf = await fetch(url + XSRF_TOKEN_PATH);
  const { token } = (await csrf.json()) as { token: string };
  const upload = await rawConnection(Number(new URL(url).port));
  upload.send(
    `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${bodyLength}\r\nExpect: 100-continue\r\n${SITE_KEY_HEADER}: ${brand.siteKey}\r\n` +
      `Cookie: ${XSRF_COOKIE}=${token}\r\n${XSRF_HEADER}: ${token}\r\n\r\n`,
  );
  await vi.waitFor(() => expect(upload.received()).toContain('100 Continue'));
  return upload;
}

describe('the server process', () => {
  it('refuses to start on a bad setting and names it', () => {
    const result = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, PORT: 'eighty', CONTACT_RATE_PER_DAY: '-1' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid settings');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('CONTACT_RATE_PER_DAY');
  });

  it('stops accepting on SIGTERM, answers the request in flight, and exits 0', async () => {
    const server = await startTestSiteServer({ DATA_DIR: createTestDir('shutdown-data-') });
    const body = JSON.stringify(sampleMessage);
    const upload = await startUpload(server.url, body.length);

    const exited = terminate(server.process);
    await vi.waitFor(() => expect(fetch(server.url)).rejects.toThrow('fetch failed'));
    upload.send(body);

    await upload.closed;
    expect(upload.received()).toMatch(/HTTP\/1\.1 201 /);
    const { code, afterMs } = await exited;
    expect(code).toBe(0);
    // Well before the keep-alive timeout (5 s) that would hold an answered connection open.
    expect(afterMs).toBeLessThan(3000);
  });

  it('exits 1 at SHUTDOWN_TIMEOUT_MS when an upload never ends, and logs that it was forced', async () => {
    const server = await startTestSiteServer({
      DATA_DIR: createTestDir('shutdown-data-'),
      SHUTDOWN_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '60000',
    });
    const upload = await startUpload(server.url, 100);
    upload.send('{"name":');

    const { code, afterMs } = await terminate(server.process);
    expect(code).toBe(1);
    expect(afterMs).toBeGreaterThanOrEqual(950);
    expect(afterMs).toBeLessThan(2500);
    expect(server.output()).toContain('shutdown deadline passed');
  });
});
