import { apiErrorCodes, CONTACT_API_PATH, SITE_KEY_HEADER, XSRF_HEADER } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { preparedOnce } from '@site/testing/per-test';
import { readRows } from '../test/stored-rows.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import type { TestStorage } from '../test/test-storage.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';

const valid = validMessage;
let app: FastifyInstance;
let storage: TestStorage;

const appFor = (settings: Record<string, string> = {}) =>
  buildTestApp({ CONTACT_RATE_PER_MINUTE: '100', CONTACT_RATE_PER_DAY: '1000', ...settings });

async function start(settings: Record<string, string> = {}) {
  ({ app, storage } = await appFor(settings));
}

type PostOptions = {
  body?: unknown;
  payload?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

const post = ({ body = valid, payload, headers = {}, remoteAddress }: PostOptions = {}) =>
  sendMessage(app, payload ?? body, headers, remoteAddress);

const storedRows = () => readRows(storage, 'select * from messages order by seq');

describe('POST /api/ContactUs', () => {
  it('stores the message in the SQLite file and answers 201 with its id', async () => {
    await start();
    const response = await post({
      body: { ...valid, marketingConsent: true },
      headers: { 'user-agent': 'Test/1.0' },
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [row] = await storedRows();
    expect(row).toMatchObject({
      id,
      ...valid,
      marketing_consent: 1,
      site_key: TEST_SITE_KEY,
      ip: '127.0.0.1',
      user_agent: 'Test/1.0',
      spam: 0,
    });
    expect(row!.consent_at).toBe(row!.received_at);
    expect(Date.parse(String(row!.received_at))).toBeGreaterThan(Date.now() - 10_000);
  });

  it('stores no consent time when the visitor did not opt in', async () => {
    await start();
    await post();
    expect((await storedRows())[0]).toMatchObject({ marketing_consent: 0, consent_at: null });
  });

  it('answers 415 unless the body is JSON or a plain form post', async () => {
    await start();
    for (const type of ['text/plain', 'multipart/form-data; boundary=x']) {
      const response = await post({ headers: { 'content-type': type } });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().error).toBe(apiErrorCodes.unsupportedMediaType);
    }
    const charset = await post({ headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(charset.statusCode).toBe(201);
    expect(await storedRows()).toHaveLength(1);
  });

  it('accepts every site key listed in SITE_KEYS, one per white-label site', async () => {
    await start({ SITE_KEYS: 'partner-a, partner-b' });
    expect((await post({ headers: { [SITE_KEY_HEADER]: 'partner-b' } })).statusCode).toBe(201);
    expect((await post({ headers: { [SITE_KEY_HEADER]: TEST_SITE_KEY } })).statusCode).toBe(401);
  });

  it('answers 403 to other origins, unless they are on the CORS allow-list', async () => {
    await start({ CORS_ORIGINS: 'https://partner.example' });
    const forbidden = await post({ headers: { origin: 'https://evil.example' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toBe(apiErrorCodes.originNotAllowed);
    const allowed = await post({
      headers: { origin: 'https://partner.example', cookie: '', [XSRF_HEADER]: '' },
    });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(await storedRows()).toHaveLength(1);
  });

  it('answers the CORS preflight only for allowed origins', async () => {
    await start({ CORS_ORIGINS: 'https://partner.example' });
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: CONTACT_API_PATH,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': `content-type,${SITE_KEY_HEADER}`,
        },
      });
    expect((await preflight('https://partner.example')).headers['access-control-allow-origin']).toBe(
      'https://partner.example',
    );
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers 429 with Retry-After once an address passes the per-minute limit', async () => {
    await start({ CONTACT_RATE_PER_MINUTE: '2' });
    expect((await post()).statusCode).toBe(201);
    expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(apiErrorCodes.tooManyRequests);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await post({ remoteAddress: '10.1.2.3' })).statusCode).toBe(201);
    expect(await storedRows()).toHaveLength(3);
  });

  it('answers 429 once an address passes the per-day limit, with a wait of up to a day', async () => {
    await start({ CONTACT_RATE_PER_DAY: '1' });
    expect((await post()).statusCode).toBe(201);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('answers a filled honeypot like a success, but stores the message as spam', async () => {
    await start();
    const response = await post({ body: { ...valid, website: 'http://spam.example' } });
    expect(response.statusCode).toBe(201);
    expect(response.json().id).toEqual(expect.any(String));
    expect((await storedRows())[0]).toMatchObject({ spam: 1 });
  });

  it('keeps what was stored when later requests fail', async () => {
    await start();
    await post();
    await post({ payload: '{broken' });
    await post({ headers: { [SITE_KEY_HEADER]: 'wrong' } });
    await post({ body: { ...valid, email: 'bad' } });
    expect(await storedRows()).toHaveLength(1);
  });
});

// Each refusal stores nothing, so they share one app and find its table empty.
describe('POST /api/ContactUs refused', () => {
  const prepared = preparedOnce(() => appFor());
  beforeEach(() => {
    ({ app, storage } = prepared());
  });

  it('answers 413 for a body over 64 KB', async () => {
    const response = await post({ body: { ...valid, message: 'x'.repeat(70_000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error: apiErrorCodes.payloadTooLarge,
      message: expect.any(String),
    });
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 400 for malformed JSON and for JSON that is not a message', async () => {
    for (const payload of ['{"name": ', 'not json', '', 'null', '[]', '"text"', '42']) {
      const response = await post({ payload });
      expect(response.statusCode, payload).toBe(400);
      expect([apiErrorCodes.invalidJson, apiErrorCodes.invalidMessage], payload).toContain(
        response.json().error,
      );
    }
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 400 naming every failing field', async () => {
    const response = await post({
      body: { name: '', email: 'not-an-address', subject: ' ', message: 'x'.repeat(20_001) },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ error: string; fields: Record<string, string> }>();
    expect(body.error).toBe(apiErrorCodes.invalidMessage);
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'message', 'name', 'subject']);
    expect(body.fields.email).toBe('Please enter a valid e-mail address.');
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 401 when the guid header is missing or unknown', async () => {
    for (const headers of [{ [SITE_KEY_HEADER]: '' }, { [SITE_KEY_HEADER]: 'someone-else' }]) {
      const response = await post({ headers });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(apiErrorCodes.invalidSiteKey);
    }
    expect(await storedRows()).toHaveLength(0);
  });

  it('answers 403 when the XSRF header does not match the cookie', async () => {
    const attempts: Record<string, string>[] = [
      { [XSRF_HEADER]: 'forged' },
      { cookie: '' },
      { [XSRF_HEADER]: '' },
    ];
    for (const headers of attempts) {
      const response = await post({ headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(apiErrorCodes.xsrfFailed);
    }
    expect(await storedRows()).toHaveLength(0);
  });
});
