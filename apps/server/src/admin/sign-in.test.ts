import { adminApiPaths, apiErrorCodes } from '@site/contact';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { adminBrowser } from '../test/admin-client.js';
import { operatorCli } from '../test/operator-cli.js';
import { awaitSignInLink, mailedSignInLinks } from '../test/sign-in-links.js';
import { softwareAuthenticator } from '../test/software-authenticator.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

const ORIGIN = 'http://localhost';
const ANNA = 'anna@example.com';

let app: FastifyInstance;
let storage: TestStorage;
let dataDir: string;
afterEach(() => app?.close());

async function start(settings: Record<string, string> = {}) {
  ({ app, storage, dataDir } = await buildTestApp(settings));
}

/** `operator invite` on the command line, and the token of the link it mailed. */
async function invite(email: string, count = 1) {
  const cli = await operatorCli(storage, 'operator', 'invite', email);
  expect(cli.code, cli.err).toBe(0);
  return awaitSignInLink(dataDir, email, count);
}

describe('operator sign-in with a passkey', () => {
  it('invite, link, passkey, session, sign-out; then the passkey alone signs in', async () => {
    await start();
    const token = await invite(ANNA);
    const browser = adminBrowser(app);
    const authenticator = softwareAuthenticator(ORIGIN);

    const registered = await browser.registerWithLink(token, authenticator);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().operator).toEqual({ email: ANNA });
    expect(String(registered.headers['set-cookie'])).toMatch(
      /^admin_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    expect((await browser.get(adminApiPaths.session)).json()).toEqual({
      operator: { email: ANNA },
      csrfToken: browser.csrfToken,
    });

    expect((await browser.post(adminApiPaths.signOut)).statusCode).toBe(204);
    expect((await browser.get(adminApiPaths.session)).statusCode).toBe(401);

    const again = adminBrowser(app);
    expect((await again.signIn(authenticator)).statusCode).toBe(200);
    expect((await again.get(adminApiPaths.session)).json().operator).toEqual({ email: ANNA });

    const stored = await readRows(storage, 'select token_hash from sessions');
    expect(stored.map((row) => row.token_hash)).not.toContain(browser.cookies.get('admin_session'));
    const actions = await readRows(storage, 'select action, via from audit_log order by seq');
    expect(actions).toEqual([
      { action: 'operator.invite', via: 'cli' },
      { action: 'sign-in.passkey-registered', via: 'inbox' },
      { action: 'sign-out', via: 'inbox' },
      { action: 'sign-in', via: 'inbox' },
    ]);
  });

  it('a link asked for by address recovers a lost passkey; unknown addresses get the same answer and no mail', async () => {
    await start();
    await invite(ANNA);
    const browser = adminBrowser(app);
    const answers = [];
    for (const email of [ANNA, 'nobody@example.com']) {
      const response = await browser.post(adminApiPaths.requestLink, { email });
      answers.push([response.statusCode, response.body]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]![0]).toBe(202);

    const token = await awaitSignInLink(dataDir, ANNA, 2);
    const replacement = softwareAuthenticator(ORIGIN);
    expect((await browser.registerWithLink(token, replacement)).statusCode).toBe(200);
    expect((await adminBrowser(app).signIn(replacement)).statusCode).toBe(200);
    expect(await mailedSignInLinks(dataDir, 'nobody@example.com')).toEqual([]);
  });

  it('refuses a used, an expired and an unknown link', async () => {
    await start();
    const used = await invite(ANNA);
    expect((await adminBrowser(app).registerWithLink(used, softwareAuthenticator(ORIGIN))).statusCode).toBe(
      200,
    );
    const expired = await invite(ANNA, 2);
    await writeRows(
      storage,
      'update sign_in_links set expires_at = ? where used_at is null',
      '2000-01-01T00:00:00.000Z',
    );
    for (const token of [used, expired, 'x'.repeat(43)]) {
      const response = await adminBrowser(app).registerWithLink(token, softwareAuthenticator(ORIGIN));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(apiErrorCodes.invalidSignInLink);
    }
  });

  it('refuses a passkey made for another site, and a challenge used twice', async () => {
    await start();
    const token = await invite(ANNA);
    const browser = adminBrowser(app);
    const authenticator = softwareAuthenticator(ORIGIN);
    const options = (await browser.post(adminApiPaths.linkOptions, { token })).json();
    const phished = await browser.post(adminApiPaths.linkVerify, {
      token,
      credential: authenticator.register(options, 'evil.example'),
    });
    expect(phished.json().error).toBe(apiErrorCodes.passkeyRejected);
    expect((await browser.registerWithLink(token, authenticator)).statusCode).toBe(200);

    const signInOptions = (await browser.post(adminApiPaths.passkeyOptions, {})).json();
    const credential = authenticator.authenticate(signInOptions);
    expect((await browser.post(adminApiPaths.passkeyVerify, { credential })).statusCode).toBe(200);
    const replay = await browser.post(adminApiPaths.passkeyVerify, { credential });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(apiErrorCodes.passkeyRejected);
  });

  it('limits link requests per address and per client address, from stored rows', async () => {
    await start({ ADMIN_LINK_RATE_PER_ADDRESS: '2', ADMIN_LINK_RATE_PER_IP: '3' });
    const browser = adminBrowser(app);
    const statuses = [];
    for (const email of [ANNA, ANNA, ANNA, 'b@example.com', 'c@example.com'])
      statuses.push((await browser.post(adminApiPaths.requestLink, { email })).statusCode);
    expect(statuses).toEqual([202, 202, 429, 429, 429]);
    const elsewhere = adminBrowser(app, '192.0.2.7');
    expect((await elsewhere.post(adminApiPaths.requestLink, { email: 'b@example.com' })).statusCode).toBe(
      202,
    );
  });

  it('a burst at once gets no more links than the limit', async () => {
    await start({ ADMIN_LINK_RATE_PER_ADDRESS: '2' });
    const browser = adminBrowser(app);
    await browser.get(adminApiPaths.session);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => browser.post(adminApiPaths.requestLink, { email: ANNA })),
    );
    expect(burst.filter((response) => response.statusCode === 202)).toHaveLength(2);
  });

  it('refuses a passkey whose credential id another operator registered, and keeps the link', async () => {
    await start();
    const shared = softwareAuthenticator(ORIGIN);
    expect((await adminBrowser(app).registerWithLink(await invite(ANNA), shared)).statusCode).toBe(200);
    const bensLink = await invite('ben@example.com');
    const taken = await adminBrowser(app).registerWithLink(bensLink, shared);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toBe(apiErrorCodes.passkeyRejected);
    const own = await adminBrowser(app).registerWithLink(bensLink, softwareAuthenticator(ORIGIN));
    expect(own.json().operator).toEqual({ email: 'ben@example.com' });
  });

  it('limits passkey sign-ins begun per client address', async () => {
    await start({ ADMIN_SIGN_IN_RATE_PER_IP: '2' });
    const statuses = [];
    for (const remoteAddress of ['192.0.2.1', '192.0.2.1', '192.0.2.1', '192.0.2.2'])
      statuses.push((await adminBrowser(app, remoteAddress).post(adminApiPaths.passkeyOptions)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 200]);
  });
});
