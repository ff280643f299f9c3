import {
  ADMIN_API_PREFIX,
  ADMIN_BACKGROUND_HEADER,
  ADMIN_CSRF_HEADER,
  adminApiPaths,
  apiErrorCodes,
} from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { awaitSignInLink } from '@site/testing/mail-links';
import { describe, expect, it } from 'vitest';
import { adminBrowser, signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

let app: FastifyInstance;
let storage: TestStorage;
let dataDir: string;

/** The routes that need a session, with a body each would accept. */
const sessionRoutes = [
  ['GET', adminApiPaths.session, undefined],
  ['POST', adminApiPaths.signOut, {}],
  ['GET', adminApiPaths.operators, undefined],
  ['POST', adminApiPaths.operators, { email: 'new@example.com' }],
  ['POST', adminApiPaths.revokeOperator, { email: 'new@example.com' }],
  ['GET', adminApiPaths.settings, undefined],
  ['GET', adminApiPaths.passkeys, undefined],
  ['POST', adminApiPaths.renamePasskey, { id: 'AAAAAAAAAAAAAAAAAAAAAA', name: 'Laptop' }],
  ['POST', adminApiPaths.removePasskey, { id: 'AAAAAAAAAAAAAAAAAAAAAA' }],
  ['POST', adminApiPaths.subjectAccess, { email: 'jane@example.com' }],
  ['POST', adminApiPaths.eraseSubject, { email: 'jane@example.com' }],
  ['POST', adminApiPaths.restrictSubject, { email: 'jane@example.com' }],
  ['POST', adminApiPaths.optOutSubject, { email: 'jane@example.com' }],
] as const;

/** A signed-in browser of a fresh operator. */
const signedIn = (email: string, origin?: string) => signedInOperator(app, storage, email, origin);

describe('the operator session', () => {
  it('every session route answers 401 without a session, with the API error shape and no-store, noindex', async () => {
    ({ app, storage, dataDir } = await buildTestApp());
    for (const [method, url, body] of sessionRoutes) {
      const response = await (method === 'GET'
        ? adminBrowser(app).get(url)
        : adminBrowser(app).post(url, body));
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error, url).toBe(apiErrorCodes.signInRequired);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-robots-tag'], url).toContain('noindex');
      expect(String(response.headers['content-security-policy']), url).toMatch(/^default-src 'none'/);
    }
    const unknown = await adminBrowser(app).get(`${ADMIN_API_PREFIX}/no/such/path`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(apiErrorCodes.notFound);
    expect(unknown.headers['x-robots-tag']).toContain('noindex');
  });

  it('a state-changing request without the session CSRF token, or with another session’s, is 403', async () => {
    ({ app, storage, dataDir } = await buildTestApp());
    const anna = await signedIn('anna@example.com');
    const ben = await signedIn('ben@example.com');
    const annaCookie = `admin_session=${anna.cookies.get('admin_session')}`;
    for (const [method, url, body] of sessionRoutes.filter(([method]) => method === 'POST')) {
      for (const csrf of ['', 'wrong', ben.csrfToken]) {
        // Anna's cookie, as a page on another site or another browser would present it, with its own token.
        const response = await ben.post(url, body, { cookie: annaCookie, [ADMIN_CSRF_HEADER]: csrf });
        expect(response.statusCode, `${method} ${url} ${csrf}`).toBe(403);
        expect(response.json().error).toBe(apiErrorCodes.csrfFailed);
      }
    }
    expect((await anna.get(adminApiPaths.session)).statusCode).toBe(200);
    expect((await readRows(storage, 'select email from operators where revoked_at is not null')).length).toBe(
      0,
    );
  });

  it('a revoked operator is out at once, on the command line or by another operator', async () => {
    ({ app, storage, dataDir } = await buildTestApp());
    const anna = await signedIn('anna@example.com');
    const ben = await signedIn('ben@example.com');
    const revoked = await anna.post(adminApiPaths.revokeOperator, { email: 'ben@example.com' });
    expect(revoked.statusCode).toBe(200);
    expect((await ben.get(adminApiPaths.session)).statusCode).toBe(401);
    expect((await messagesInProcess(storage, 'operator', 'revoke', 'anna@example.com')).code).toBe(0);
    expect((await anna.get(adminApiPaths.session)).statusCode).toBe(401);
    const again = await adminBrowser(app).signIn(ben.authenticator);
    expect(again.json().error).toBe(apiErrorCodes.passkeyRejected);
    const asked = await adminBrowser(app).post(adminApiPaths.requestLink, { email: 'ben@example.com' });
    expect(asked.statusCode).toBe(202);
    expect(
      await readRows(
        storage,
        'select action, via, target from audit_log where action = ? order by seq',
        'operator.revoke',
      ),
    ).toEqual([
      { action: 'operator.revoke', via: 'inbox', target: 'operator:2' },
      { action: 'operator.revoke', via: 'cli', target: 'operator:1' },
    ]);
  });

  it('background polls do not keep an untouched session alive; the operator’s own requests do', async () => {
    ({ app, storage, dataDir } = await buildTestApp());
    const anna = await signedIn('anna@example.com');
    const lastSeen = async () =>
      (await readRows(storage, 'select last_seen_at from sessions where operator_id = 1'))[0]!.last_seen_at;
    const poll = () => anna.get(`${adminApiPaths.messages}?after=0`, { [ADMIN_BACKGROUND_HEADER]: '1' });
    const untouched = new Date(Date.now() - 59 * 60_000).toISOString();
    await writeRows(storage, 'update sessions set last_seen_at = ?', untouched);
    for (let tick = 0; tick < 3; tick++) expect((await poll()).statusCode).toBe(200);
    expect(await lastSeen()).toBe(untouched);
    await writeRows(
      storage,
      'update sessions set last_seen_at = ?',
      new Date(Date.now() - 61 * 60_000).toISOString(),
    );
    expect((await poll()).statusCode).toBe(401);

    const ben = await signedIn('ben@example.com');
    await writeRows(storage, 'update sessions set last_seen_at = ? where operator_id = 2', untouched);
    expect((await ben.get(adminApiPaths.messages)).statusCode).toBe(200);
    expect(
      Date.parse(
        String(
          (await readRows(storage, 'select last_seen_at from sessions where operator_id = 2'))[0]!
            .last_seen_at,
        ),
      ),
    ).toBeGreaterThan(Date.now() - 60_000);
  });

  it('ends after the idle time and after the absolute time', async () => {
    ({ app, storage, dataDir } = await buildTestApp());
    const idle = await signedIn('anna@example.com');
    const old = await signedIn('ben@example.com');
    const longAgo = new Date(Date.now() - 61 * 60_000).toISOString();
    await writeRows(storage, 'update sessions set last_seen_at = ? where operator_id = 1', longAgo);
    await writeRows(
      storage,
      'update sessions set created_at = ? where operator_id = 2',
      '2000-01-01T00:00:00.000Z',
    );
    expect((await idle.get(adminApiPaths.session)).statusCode).toBe(401);
    expect((await old.get(adminApiPaths.session)).statusCode).toBe(401);
  });

  it('over https the cookie is __Host-, Secure and SameSite=Strict, and passkeys belong to the https origin', async () => {
    ({ app, storage, dataDir } = await buildTestApp({ SITE_URL: 'https://www.example.com' }));
    const browser = await signedIn('anna@example.com', 'https://www.example.com');
    expect([...browser.cookies.keys()]).toContain('__Host-admin_session');
    const operators = await browser.get(adminApiPaths.operators);
    expect(operators.json().operators).toEqual([
      {
        email: 'anna@example.com',
        name: null,
        createdAt: expect.any(String),
        revokedAt: null,
        passkeys: 1,
        lastSignInAt: expect.any(String),
      },
    ]);
    const invited = await browser.post(adminApiPaths.operators, { email: 'Ben@Example.com' });
    expect(invited.statusCode).toBe(202);
    expect(invited.body).not.toContain('token');
    expect(await awaitSignInLink(dataDir, 'ben@example.com')).toMatch(/^[\w-]{43}$/);
  });

  it('an invitation whose mail the mail server refuses is a 503, not a 500', async () => {
    ({ app, storage, dataDir } = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' }));
    const browser = await signedIn('anna@example.com');
    const response = await browser.post(adminApiPaths.operators, { email: 'ben@example.com' });
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe(apiErrorCodes.mailUnavailable);
  });
});
