import {
  apiErrorCodes,
  SECURE_XSRF_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readRows } from '../test/stored-rows.js';
import { sendMessage, xsrfCookiePair } from '../test/send-message.js';
import { buildTestApp } from '../test/test-app.js';

async function start(settings: Record<string, string> = {}) {
  return buildTestApp({ CONTACT_RATE_PER_MINUTE: '100', ...settings });
}

/** The form of a signed token: a nonce and its signature, 32 bytes each in base64url. */
const signedToken = String.raw`[\w-]{43}\.[0-9a-z]+\.[\w-]{43}`;

/** A token issued by this app, signed with its own APP_SECRET. */
async function issuedToken(app: FastifyInstance) {
  return (await app.inject(XSRF_TOKEN_PATH)).json<{ token: string }>().token;
}

/** A message whose XSRF cookie and header both carry exactly `token`. */
const postWith = (app: FastifyInstance, token: string, cookieName: string = XSRF_COOKIE) =>
  sendMessage(app, undefined, { cookie: `${cookieName}=${token}`, [XSRF_HEADER]: token });

describe('XSRF tokens', () => {
  it('refuses a token the server did not sign, even when cookie and header match', async () => {
    const fromOtherServer = await issuedToken((await start()).app);
    const { app, storage } = await start();
    const own = await issuedToken(app);
    const tampered = `${own[0] === 'A' ? 'B' : 'A'}${own.slice(1)}`;
    const forged = [
      'a',
      'forged',
      'x'.repeat(87),
      `${'a'.repeat(43)}.${'b'.repeat(43)}`,
      fromOtherServer,
      tampered,
    ];
    const statuses: number[] = [];
    for (const token of forged) {
      const response = await postWith(app, token);
      statuses.push(response.statusCode);
      if (response.statusCode === 403) expect(response.json().error).toBe(apiErrorCodes.xsrfFailed);
    }
    expect(statuses).toEqual(forged.map(() => 403));
    expect(await readRows(storage, 'select id from messages')).toEqual([]);
    expect((await postWith(app, own)).statusCode).toBe(201);
  });

  it('replaces an injected empty or invalid cookie on GET /api/csrf, after which sending works', async () => {
    const other = await issuedToken((await start()).app);
    const { app } = await start();
    for (const injected of ['', 'a', other]) {
      const csrf = await app.inject({
        url: XSRF_TOKEN_PATH,
        headers: { cookie: `${XSRF_COOKIE}=${injected}` },
      });
      const { token } = csrf.json<{ token: string }>();
      expect(token, injected).not.toBe(injected);
      expect(xsrfCookiePair(csrf.headers['set-cookie'])).toBe(`${XSRF_COOKIE}=${token}`);
      expect((await postWith(app, token)).statusCode, injected).toBe(201);
    }
  });

  it('replaces an injected empty or invalid cookie with the next page, after which sending works', async () => {
    const other = await issuedToken((await start()).app);
    const { app } = await start();
    for (const injected of ['', 'a', other]) {
      const page = await app.inject({ url: '/', headers: { cookie: `${XSRF_COOKIE}=${injected}` } });
      const pair = xsrfCookiePair(page.headers['set-cookie']);
      const token = pair.slice(`${XSRF_COOKIE}=`.length);
      expect(pair.startsWith(`${XSRF_COOKIE}=`), injected).toBe(true);
      expect(token, injected).not.toBe(injected);
      expect((await postWith(app, token)).statusCode, injected).toBe(201);
    }
  });

  it('keeps a valid cookie: the page sets none and GET /api/csrf hands the same token back', async () => {
    const { app } = await start();
    const token = await issuedToken(app);
    const cookie = `${XSRF_COOKIE}=${token}`;
    expect((await app.inject({ url: '/', headers: { cookie } })).headers['set-cookie']).toBeUndefined();
    const csrf = await app.inject({ url: XSRF_TOKEN_PATH, headers: { cookie } });
    expect(csrf.headers['set-cookie']).toBeUndefined();
    expect(csrf.json()).toEqual({ token });
  });

  it('an http site sets XSRF-TOKEN without Secure, even when a trusted proxy says https', async () => {
    const { app } = await start({ SITE_URL: 'http://www.example.com', TRUST_PROXY: '127.0.0.1' });
    for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
      const page = await app.inject({ url: '/', headers });
      expect(page.headers['set-cookie']).toMatch(
        new RegExp(`^${XSRF_COOKIE}=${signedToken}; Path=/; HttpOnly; SameSite=Lax$`),
      );
    }
  });

  it('an https site sets __Host-XSRF-TOKEN with Secure, also on a plain http request, and takes only that cookie', async () => {
    const { app } = await start({ SITE_URL: 'https://www.example.com' });
    const page = await app.inject('/');
    expect(page.headers['set-cookie']).toMatch(
      new RegExp(`^${SECURE_XSRF_COOKIE}=${signedToken}; Path=/; HttpOnly; SameSite=Lax; Secure$`),
    );
    const csrf = await app.inject(XSRF_TOKEN_PATH);
    const { token } = csrf.json<{ token: string }>();
    expect(xsrfCookiePair(csrf.headers['set-cookie'])).toBe(`${SECURE_XSRF_COOKIE}=${token}`);
    // A cookie without the prefix could have been set by a subdomain, or over http.
    expect((await postWith(app, token, XSRF_COOKIE)).statusCode).toBe(403);
    expect((await postWith(app, token, SECURE_XSRF_COOKIE)).statusCode).toBe(201);
  });
});
