import { join } from 'node:path';
import { apiErrorCodes, UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_PAGE_PATH } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { readEnv } from '../env.js';
import { readRows } from '../test/stored-rows.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import type { TestStorage } from '../test/test-storage.js';
import { buildTestApp } from '../test/test-app.js';
import { resolveAppSecret } from './app-secret.js';
import { createUnsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS } from './unsubscribe-token.js';

const SECRET = 'unsubscribe-test-secret-0123456789abcdef';
let app: FastifyInstance;
let storage: TestStorage;

beforeEach(async () => {
  ({ app, storage } = await buildTestApp({ APP_SECRET: SECRET, CONTACT_RATE_PER_MINUTE: '100' }));
  await sendMessage(app, { ...validMessage, email: 'Jane@Example.com', marketingConsent: true });
  await sendMessage(app, { ...validMessage, subject: 'Second', marketingConsent: true });
});

const rows = (table: string) => readRows(storage, `select * from ${table}`);

const token = createUnsubscribeToken('jane@example.com', SECRET);
const formPost = (body: string, url = UNSUBSCRIBE_API_PATH) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: body,
  });

describe('unsubscribing (the Unsubscribe link)', () => {
  it('GET /unsubscribe shows a confirmation page with a button, and changes nothing yet', async () => {
    const page = await app.inject(`${UNSUBSCRIBE_PAGE_PATH}?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('jane@example.com');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    // In the brand's colours, light or dark from the site's own palette.
    expect(page.body).toContain('--brand-primary:#225588');
    expect(page.body).toMatch(/--c-page: light-dark\(#fff, oklch\(from var\(--brand-ink\)/);
    expect(await rows('suppressions')).toHaveLength(0);
  });

  it('confirming withdraws the consent and suppresses the address, but keeps the messages', async () => {
    const done = await formPost(`token=${encodeURIComponent(token)}`);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await rows('messages')).toHaveLength(2);
    expect(
      (await rows('messages')).every((row) => row.marketing_consent === 0 && row.consent_at === null),
    ).toBe(true);
    expect(await rows('suppressions')).toEqual([
      { email: 'jane@example.com', created_at: expect.any(String) },
    ]);
  });

  it('accepts RFC 8058 one-click unsubscribe with the token in the URL', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${UNSUBSCRIBE_API_PATH}?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'unsubscribed' });
    expect(await rows('suppressions')).toHaveLength(1);
  });

  it('a later message with consent does not put a suppressed address back on the list', async () => {
    await formPost(`token=${encodeURIComponent(token)}`);
    await sendMessage(app, { ...validMessage, subject: 'Third', marketingConsent: true });
    expect(await rows('suppressions')).toHaveLength(1);
  });

  it('answers tampered, expired and malformed tokens with a clear 400, never a 500', async () => {
    const [payload, signature] = token.split('.');
    const forgedPayload = Buffer.from('someone@example.com\n9999999999999').toString('base64url');
    const expired = createUnsubscribeToken(
      'jane@example.com',
      SECRET,
      Date.now() - (UNSUBSCRIBE_TOKEN_DAYS + 1) * 86_400_000,
    );
    const bad = [
      `${forgedPayload}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}xx`,
      createUnsubscribeToken('jane@example.com', 'another-secret-entirely-0123456789'),
      expired,
      'garbage',
      '',
      'a.b.c',
      '%E0%A4%A',
    ];
    for (const candidate of bad) {
      const page = await app.inject(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(candidate)}`);
      expect(page.statusCode, candidate).toBe(400);
      expect(page.body, candidate).toContain('This unsubscribe link is not valid');
      const api = await app.inject({
        method: 'POST',
        url: UNSUBSCRIBE_API_PATH,
        payload: { token: candidate },
      });
      expect(api.statusCode, candidate).toBe(400);
      expect(api.json().error, candidate).toBe(apiErrorCodes.invalidToken);
    }
    const expiredAnswer = await app.inject({
      method: 'POST',
      url: UNSUBSCRIBE_API_PATH,
      payload: { token: expired },
    });
    expect(expiredAnswer.json().message).toContain('expired');
    expect((await app.inject(UNSUBSCRIBE_PAGE_PATH)).statusCode).toBe(400);
    expect(await rows('suppressions')).toHaveLength(0);
    expect((await rows('messages')).every((row) => row.marketing_consent === 1)).toBe(true);
  });
});

describe('the signing secret', () => {
  it('is required in production: the server refuses to start without it', () => {
    expect(() => resolveAppSecret(readEnv({ NODE_ENV: 'production', DATA_DIR: storage.dataDir }))).toThrow(
      /APP_SECRET/,
    );
  });

  it('is generated once and kept in DATA_DIR elsewhere', () => {
    const env = readEnv({ NODE_ENV: 'development', DATA_DIR: join(storage.dataDir, 'fresh') });
    const first = resolveAppSecret(env);
    expect(first.generated).toBe(true);
    expect(resolveAppSecret(env)).toEqual({ secret: first.secret, generated: false });
  });
});
