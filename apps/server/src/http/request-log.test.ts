import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { rawConnection } from '@site/testing/raw-connection';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_PAGE_PATH } from '@site/api-contract';
import { createUnsubscribeToken } from '../privacy/unsubscribe-token.js';
import { buildTestApp } from '../test/test-app.js';

const SECRET = 'a-test-secret-that-is-at-least-32-characters';
const EMAIL = 'zq-marker@example.org';
const token = createUnsubscribeToken(EMAIL, SECRET);
const [tokenPayload, tokenSignature] = token.split('.') as [string, string];
const queryMarker = 'QUERY-MARKER-4711';

let app: FastifyInstance | undefined;

async function startLogging(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  ({ app } = await buildTestApp({ APP_SECRET: SECRET }, undefined, { logger: { level, stream } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, lines, port: (app.server.address() as AddressInfo).port };
}

/** Every spelling in which the query strings below could reach a log line. */
const secrets = [
  token,
  tokenPayload,
  tokenSignature,
  EMAIL,
  encodeURIComponent(EMAIL),
  queryMarker,
  // A raw request's bytes, as a logged Buffer shows them.
  Array.from(Buffer.from(queryMarker)).join(','),
];

describe('request log lines', () => {
  for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal']) {
    it(`never carry a query string, a token or an address at level ${level}`, async () => {
      const { app, lines, port } = await startLogging(level);
      expect((await app.inject(`${UNSUBSCRIBE_PAGE_PATH}?token=${token}`)).statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'POST', url: `${UNSUBSCRIBE_API_PATH}?token=${token}` })).statusCode,
      ).toBe(200);
      expect((await app.inject(`/?email=${encodeURIComponent(EMAIL)}`)).statusCode).toBe(200);
      expect((await app.inject(`${NO_SUCH_PAGE}?email=${EMAIL}&q=${queryMarker}`)).statusCode).toBe(404);
      expect((await app.inject(`/%c0%ae%c0%ae/etc/passwd?q=${queryMarker}`)).statusCode).toBe(400);
      const malformed = await rawConnection(port);
      malformed.send(
        `GET ${UNSUBSCRIBE_PAGE_PATH}?q=${queryMarker} HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n`,
      );
      await malformed.closed;
      expect(malformed.received()).toMatch(/^HTTP\/1\.1 400 /);

      const log = lines.join('');
      for (const secret of secrets) expect(log, secret).not.toContain(secret);
      if (['trace', 'debug', 'info'].includes(level)) {
        expect(log).toContain(`"url":"${UNSUBSCRIBE_PAGE_PATH}"`);
        expect(log).toContain(`"url":"${NO_SUCH_PAGE}"`);
      } else {
        expect(log).toBe('');
      }
    });
  }
});
