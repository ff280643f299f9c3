import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { apiErrorCodes, CONTACT_API_PATH } from '@site/api-contract';
import { contactHeaders, fetchXsrf } from '@site/testing/contact-client';
import { rawHttpRequest } from '@site/testing/raw-http';
import { describe, expect, it } from 'vitest';
import { readRows, writeRows } from '../test/stored-rows.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { buildTestApp, TEST_SITE_KEY, writeTestSite } from '../test/test-app.js';

async function startWithLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '1000' }, writeTestSite(), {
    logger: { level: 'trace', stream },
  });
  return { app, storage, lines };
}

describe('the contact API under hostile input', () => {
  it('never logs the message body, even at trace level', async () => {
    const { app, lines } = await startWithLogs();
    const secret = 'my-very-private-words-4711';
    const response = await sendMessage(
      app,
      JSON.stringify({ name: 'Jane', email: 'jane@example.com', subject: 'S', message: secret }),
    );
    expect(response.statusCode).toBe(201);
    expect(lines.join('')).toContain('contact message stored');
    expect(lines.join('')).not.toContain(secret);
  });

  it('answers odd payloads without a 5xx, and every refusal with a JSON reason', async () => {
    const { app } = await startWithLogs();
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const payloads = [
      deep,
      '{"__proto__": {"polluted": true}, "name": "x"}',
      '{"constructor": {"prototype": {"polluted": true}}}',
      JSON.stringify({ name: '\u0000\uFFFF\uD800', email: 'a@b.c', subject: 's', message: 'm' }),
      JSON.stringify({ name: ['a'], email: {}, subject: null }),
      '{"message": 1e309}',
      '{"name": "a", "name": "b"}',
      '\uFEFF{}',
      '1e999999',
      'true',
    ];
    for (const payload of payloads) {
      const response = await sendMessage(app, payload);
      const label = payload.slice(0, 40);
      expect(response.statusCode, label).toBeLessThan(500);
      if (response.statusCode >= 400) {
        expect(response.json(), label).toMatchObject({
          error: expect.any(String),
          message: expect.any(String),
        });
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when the database cannot store a message, says so with a 503 and keeps what it stored', async () => {
    const { app, storage } = await startWithLogs();
    expect((await sendMessage(app)).statusCode).toBe(201);
    // A second process takes the outbox table away: every insert fails, as on a full or broken disk.
    await writeRows(storage, 'alter table outbox rename to outbox_away');
    const refused = await sendMessage(app);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: apiErrorCodes.storageUnavailable,
      message: 'Your message could not be stored. Please try again in a minute.',
    });
    await writeRows(storage, 'alter table outbox_away rename to outbox');
    expect((await sendMessage(app)).statusCode).toBe(201);
    expect(await readRows(storage, 'select id from messages')).toHaveLength(2);
  });
});

describe('a client that closes its sending side right after its request', () => {
  it('still gets the answer to its message, which is stored', async () => {
    const { app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '1000' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const xsrf = await fetchXsrf(`http://127.0.0.1:${port}`);
    const body = JSON.stringify(validMessage);
    const headers = {
      ...contactHeaders(xsrf, TEST_SITE_KEY),
      'content-length': String(Buffer.byteLength(body)),
    };
    const request = [
      `POST ${CONTACT_API_PATH} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      body,
    ].join('\r\n');
    // rawHttpRequest ends its side of the connection as soon as the request is written.
    const answer = await rawHttpRequest(port, Buffer.from(request));
    expect(answer.status).toBe(201);
    expect(await readRows(storage, 'select id from messages')).toHaveLength(1);
  });
});
