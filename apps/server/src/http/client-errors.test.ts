import type { AddressInfo } from 'node:net';
import { apiErrorCodes, CONTACT_API_PATH, UNSUBSCRIBE_PAGE_PATH } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { rawConnection } from '@site/testing/raw-connection';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';

const MARKER = 'REFLECTED-4711';
const hardeningHeaders = [
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'x-frame-options',
  'content-security-policy',
  'strict-transport-security',
];

let app: FastifyInstance | undefined;

/** The app on loopback with HSTS on, and the hardening headers of an ordinary API error answer. */
async function start() {
  ({ app } = await buildTestApp({ HSTS: 'true' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const ordinary = (await app.inject('/api/no-such-route')).headers;
  const expected = Object.fromEntries(hardeningHeaders.map((name) => [name, ordinary[name]]));
  return { app, port: (app.server.address() as AddressInfo).port, expected };
}

/** Sends bytes as they are and splits the server's answer into status, headers and body. */
async function rawExchange(port: number, request: string) {
  const connection = await rawConnection(port);
  connection.send(request);
  await connection.closed;
  const received = connection.received();
  const [head = '', body = ''] = received.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { received, status: Number(statusLine.split(' ')[1]), headers, body };
}

const malformedRequests: [label: string, request: string, status: number][] = [
  ['a request line that is not HTTP', `GET ${UNSUBSCRIBE_PAGE_PATH}?token=${MARKER} NOT-HTTP\r\n\r\n`, 400],
  ['an unknown HTTP version', `GET /?q=${MARKER} HTTP/7.3\r\nHost: localhost\r\n\r\n`, 400],
  ['a space in a header name', `GET /?q=${MARKER} HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n`, 400],
  [
    'a control character in a header value',
    `GET /?q=${MARKER} HTTP/1.1\r\nHost: localhost\r\nX-A: a\x01b\r\n\r\n`,
    400,
  ],
  [
    'both Content-Length and chunked',
    `POST ${CONTACT_API_PATH}?q=${MARKER} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    400,
  ],
  [
    'headers over the size limit',
    `GET /?q=${MARKER} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    431,
  ],
];

describe('answers Fastify and Node.js give before any hook runs', () => {
  it('a URL that cannot be decoded gets 400 in the API error format with every hardening header', async () => {
    const { app, expected } = await start();
    const response = await app.inject(`/%c0%ae%c0%ae/etc/passwd?q=${MARKER}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Object.keys(response.json())).toEqual(['error', 'message']);
    expect(response.json().error).toBe(apiErrorCodes.invalidUrl);
    for (const reflected of ['passwd', '%c0', MARKER]) expect(response.body).not.toContain(reflected);
    for (const name of hardeningHeaders) expect(response.headers[name], name).toBe(expected[name]);
  });

  for (const [label, request, status] of malformedRequests) {
    it(`${label} gets ${status} in the API error format with every hardening header`, async () => {
      const { port, expected } = await start();
      const answer = await rawExchange(port, request);
      expect(answer.status, answer.received.slice(0, 200)).toBe(status);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.connection).toBe('close');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['error', 'message']);
      expect(answer.received).not.toContain(MARKER);
      for (const name of hardeningHeaders) expect(answer.headers[name], name).toBe(expected[name]);
    });
  }
});
