import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import { awaitSignInLink, mailedSignInLinks } from '@site/testing/mail-links';
import { describe, expect, it } from 'vitest';
import { adminBrowser } from '../test/admin-client.js';
import { operatorTestApp } from '../test/operator-test-app.js';
import { softwareAuthenticator } from '../test/software-authenticator.js';
import { readRows, writeRows } from '../test/stored-rows.js';

const ORIGIN = 'http://localhost';
const ANNA = 'anna@example.com';

const current = operatorTestApp();
const { start, invite } = current;

const setCookies = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie'] ?? []].flat().map(String);

describe('operator sign-in with a passkey', () => {
  it('invite, link, passkey, session, sign-out; then the passkey alone signs in', async () => {
    await start();
    const token = await invite(ANNA);
    const browser = adminBrowser(current.app);
    const authenticator = softwareAuthenticator(ORIGIN);

    const registered = await browser.registerWithLink(token, authenticator);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().operator).toEqual({ email: ANNA, name: null });
    expect(setCookies(registered)).toEqual([
      'admin_link=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
      expect.stringMatching(/^admin_session=[\w-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/),
    ]);
    expect((await browser.get(adminApiPaths.session)).json()).toEqual({
      operator: { email: ANNA, name: null },
      csrfToken: browser.csrfToken,
    });

    expect((await browser.post(adminApiPaths.signOut)).statusCode).toBe(204);
    expect((await browser.get(adminApiPaths.session)).statusCode).toBe(401);

    const again = adminBrowser(current.app);
    expect((await again.signIn(authenticator)).statusCode).toBe(200);
    expect((await again.get(adminApiPaths.session)).json().operator).toEqual({ email: ANNA, name: null });

    const stored = await readRows(current.storage, 'select token_hash from sessions');
    expect(stored.map((row) => row.token_hash)).not.toContain(browser.cookies.get('admin_session'));
    const actions = await readRows(current.storage, 'select action, via from audit_log order by seq');
    expect(actions).toEqual([
      { action: 'operator.invite', via: 'cli' },
      { action: 'sign-in.link-opened', via: 'inbox' },
      { action: 'sign-in.passkey-registered', via: 'inbox' },
      { action: 'sign-out', via: 'inbox' },
      { action: 'sign-in', via: 'inbox' },
    ]);
  });

  it('a link asked for by address recovers a lost passkey; unknown addresses get the same answer and no mail', async () => {
    await start();
    const first = await invite(ANNA);
    const browser = adminBrowser(current.app);
    const answers = [];
    for (const email of [ANNA, 'nobody@example.com']) {
      const response = await browser.post(adminApiPaths.requestLink, { email });
      answers.push([response.statusCode, response.body]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]![0]).toBe(202);

    const token = await awaitSignInLink(current.dataDir, ANNA, [first]);
    const replacement = softwareAuthenticator(ORIGIN);
    expect((await browser.registerWithLink(token, replacement)).statusCode).toBe(200);
    expect((await adminBrowser(current.app).signIn(replacement)).statusCode).toBe(200);
    expect(await mailedSignInLinks(current.dataDir, 'nobody@example.com')).toEqual([]);
  });

  it('refuses a used, an expired and an unknown link', async () => {
    await start();
    const used = await invite(ANNA);
    expect(
      (await adminBrowser(current.app).registerWithLink(used, softwareAuthenticator(ORIGIN))).statusCode,
    ).toBe(200);
    const expired = await invite(ANNA);
    await writeRows(
      current.storage,
      'update sign_in_links set expires_at = ? where used_at is null',
      '2000-01-01T00:00:00.000Z',
    );
    for (const token of [used, expired, 'x'.repeat(43)]) {
      const response = await adminBrowser(current.app).registerWithLink(token, softwareAuthenticator(ORIGIN));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(apiErrorCodes.invalidSignInLink);
    }
  });

  it('refuses a passkey made for another site, and a challenge used twice', async () => {
    await start();
    const token = await invite(ANNA);
    const browser = adminBrowser(current.app);
    const authenticator = softwareAuthenticator(ORIGIN);
    expect((await browser.post(adminApiPaths.linkClaim, { token })).statusCode).toBe(200);
    const options = (await browser.post(adminApiPaths.linkOptions, {})).json();
    const phished = await browser.post(adminApiPaths.linkVerify, {
      credential: authenticator.register(options, 'evil.example'),
    });
    expect(phished.json().error).toBe(apiErrorCodes.passkeyRejected);
    expect((await browser.registerWithTicket(authenticator)).statusCode).toBe(200);

    const signInOptions = (await browser.post(adminApiPaths.passkeyOptions, {})).json();
    const credential = authenticator.authenticate(signInOptions);
    expect((await browser.post(adminApiPaths.passkeyVerify, { credential })).statusCode).toBe(200);
    const replay = await browser.post(adminApiPaths.passkeyVerify, { credential });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(apiErrorCodes.passkeyRejected);
  });

  it('refuses a passkey whose credential id another operator registered, and keeps the link', async () => {
    await start();
    const shared = softwareAuthenticator(ORIGIN);
    expect((await adminBrowser(current.app).registerWithLink(await invite(ANNA), shared)).statusCode).toBe(
      200,
    );
    const ben = adminBrowser(current.app);
    expect(
      (await ben.post(adminApiPaths.linkClaim, { token: await invite('ben@example.com') })).statusCode,
    ).toBe(200);
    const taken = await ben.registerWithTicket(shared);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error).toBe(apiErrorCodes.passkeyRejected);
    const own = await ben.registerWithTicket(softwareAuthenticator(ORIGIN));
    expect(own.json().operator).toEqual({ email: 'ben@example.com', name: null });
  });
});

describe('a sign-in link opened in a browser', () => {
  it('is traded at once for a ticket cookie: the token the browser’s history keeps works no more', async () => {
    await start({ ADMIN_LINK_MINUTES: '15' });
    const token = await invite(ANNA);
    const operator = adminBrowser(current.app);
    const claimed = await operator.post(adminApiPaths.linkClaim, { token });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ operator: { email: ANNA } });
    const [ticketCookie] = setCookies(claimed);
    expect(ticketCookie).toMatch(
      /^admin_link=[\w-]{43}; Path=\/; Max-Age=(89\d|900); HttpOnly; SameSite=Strict$/,
    );

    // Someone who later reads `/admin/sign-in#token=…` from the history database, on another browser:
    const thief = adminBrowser(current.app, '192.0.2.50');
    for (const attempt of [
      await thief.post(adminApiPaths.linkClaim, { token }),
      await thief.post(adminApiPaths.linkOptions, {}),
    ]) {
      expect(attempt.statusCode).toBe(400);
      expect(attempt.json().error).toBe(apiErrorCodes.invalidSignInLink);
    }
    // The old way, the token in the body, is no longer a request the server takes.
    expect((await thief.post(adminApiPaths.linkOptions, { token })).statusCode).toBe(400);

    // The operator's browser holds the ticket and makes the passkey with it.
    expect((await operator.registerWithTicket(softwareAuthenticator(ORIGIN))).statusCode).toBe(200);
    expect((await operator.registerWithTicket(softwareAuthenticator(ORIGIN))).json().error).toBe(
      apiErrorCodes.invalidSignInLink,
    );
  });
});

describe('signing in again', () => {
  it('ends the session the browser presented', async () => {
    await start();
    const browser = adminBrowser(current.app);
    const authenticator = softwareAuthenticator(ORIGIN);
    expect((await browser.registerWithLink(await invite(ANNA), authenticator)).statusCode).toBe(200);
    const first = browser.cookies.get('admin_session')!;
    expect((await browser.signIn(authenticator)).statusCode).toBe(200);
    expect(browser.cookies.get('admin_session')).not.toBe(first);
    const withOld = await adminBrowser(current.app).get(adminApiPaths.session, {
      cookie: `admin_session=${first}`,
    });
    expect(withOld.statusCode).toBe(401);
    expect((await browser.get(adminApiPaths.session)).statusCode).toBe(200);
    const [{ live }] = (await readRows(
      current.storage,
      'select count(*) as live from sessions where revoked_at is null',
    )) as [{ live: number | string }];
    expect(Number(live)).toBe(1);
  });
});
