import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { CONTACT_API_PATH } from '@site/api-contract';
import { rawConnection } from '@site/testing/raw-connection';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp, writeTestSite } from '../test/test-app.js';

/** The real app on a loopback port, with timeouts short enough for a test. */
async function listening(settings: Record<string, string> = {}, site = writeTestSite()) {
  const { app } = await buildTestApp(
    { REQUEST_TIMEOUT_MS: '500', HEADERS_TIMEOUT_MS: '300', KEEP_ALIVE_TIMEOUT_MS: '300', ...settings },
    site,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** A plain GET on a connection of its own; resolves with the whole answer once the server closes. */
async function get(port: number) {
  const connection = await rawConnection(port);
  connection.send(`GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  await connection.closed;
  return connection.received();
}

const slowUpload =
  `POST ${CONTACT_API_PATH} HTTP/1.1\r\nHost: localhost\r\n` +
  'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n';

describe('a client that holds a connection', () => {
  it('gets 408 and is closed at the request timeout when its body never comes, while others are served', async () => {
    const { port } = await listening();
    const stalled = await rawConnection(port);
    stalled.send(slowUpload);

    expect(await get(port)).toMatch(/^HTTP\/1\.1 200 /);
    const closedAfterMs = await stalled.closed;
    expect(closedAfterMs).toBeGreaterThanOrEqual(450);
    expect(closedAfterMs).toBeLessThan(1500);
    expect(stalled.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is closed at the headers timeout when it sends half the headers, or nothing', async () => {
    const { port } = await listening({ REQUEST_TIMEOUT_MS: '2000' });
    const half = await rawConnection(port);
    half.send('GET / HTTP/1.1\r\nHost: local');
    const silent = await rawConnection(port);

    for (const connection of [half, silent]) {
      const closedAfterMs = await connection.closed;
      expect(closedAfterMs).toBeGreaterThanOrEqual(250);
      expect(closedAfterMs).toBeLessThan(1200);
    }
    expect(half.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is closed when idle on keep-alive past the keep-alive timeout', async () => {
    const { port } = await listening();
    const connection = await rawConnection(port);
    connection.send('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await vi.waitFor(() => expect(connection.received()).toContain('<h1>Home</h1>'));
    const answeredAtMs = performance.now();

    await connection.closed;
    const idleMs = performance.now() - answeredAtMs;
    // Node keeps the socket 1 s beyond the advertised timeout, so that a request on its way is not cut.
    expect(idleMs).toBeGreaterThanOrEqual(250);
    expect(idleMs).toBeLessThan(2500);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('is let go when it stops reading the answer for the connection timeout', async () => {
    // Larger than what the kernel buffers on loopback, so the server's writes stall.
    const site = writeTestSite({ 'large.png': Buffer.alloc(32 * 1024 * 1024) });
    const { app, port } = await listening({ CONNECTION_TIMEOUT_MS: '300' }, site);
    const openConnections = promisify(app.server.getConnections.bind(app.server));
    const connection = await rawConnection(port);
    connection.stopReading();
    connection.send('GET /large.png HTTP/1.1\r\nHost: localhost\r\n\r\n');

    const sentAtMs = performance.now();
    await vi.waitFor(async () => expect(await openConnections()).toBe(0), { timeout: 2000 });
    expect(performance.now() - sentAtMs).toBeGreaterThanOrEqual(250);
  });
});

describe('MAX_CONNECTIONS', () => {
  it('refuses connections beyond the limit while the open ones are served, and serves again once they go', async () => {
    const { port } = await listening({
      MAX_CONNECTIONS: '3',
      REQUEST_TIMEOUT_MS: '5000',
      HEADERS_TIMEOUT_MS: '5000',
    });
    const first = await rawConnection(port);
    const held = [first, await rawConnection(port), await rawConnection(port)];

    const refused = await rawConnection(port);
    refused.send('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await refused.closed).toBeLessThan(500);
    expect(refused.received()).toBe('');

    first.send('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await vi.waitFor(() => expect(first.received()).toMatch(/^HTTP\/1\.1 200 /));

    for (const connection of held) connection.end();
    await vi.waitFor(async () => expect(await get(port)).toMatch(/^HTTP\/1\.1 200 /));
  });
});
