import { createHash } from 'node:crypto';
import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import { awaitSignInLink } from '@site/testing/mail-links';
import { describe, expect, it } from 'vitest';
import { adminBrowser } from '../test/admin-client.js';
import { operatorTestApp } from '../test/operator-test-app.js';
import { softwareAuthenticator } from '../test/software-authenticator.js';
import { readRows, writeRows } from '../test/stored-rows.js';

const ORIGIN = 'http://localhost';
const ANNA = 'anna@example.com';
const MINUTE_MS = 60_000;

const current = operatorTestApp();
const { start, invite } = current;

const lastRequestSeq = async () =>
  Number((await readRows(current.storage, 'select max(seq) as seq from sign_in_requests'))[0]!.seq);

/** The requests stored up to `seq` were made over an hour ago. */
const anHourAgo = (seq: number) =>
  writeRows(
    current.storage,
    'update sign_in_requests set requested_at = ? where seq <= ?',
    new Date(Date.now() - 61 * MINUTE_MS).toISOString(),
    seq,
  );

const statusesOf = async (requests: (() => Promise<{ statusCode: number }>)[]) => {
  const statuses = [];
  for (const request of requests) statuses.push((await request()).statusCode);
  return statuses;
};

const failedSignIns = async () =>
  (
    await readRows(
      current.storage,
      "select target from audit_log where action = 'sign-in.failed' order by seq",
    )
  ).map((row) => row.target);

describe('the sign-in rate limits', () => {
  it('limit link requests per address and per client address', async () => {
    await start({ ADMIN_LINK_RATE_PER_ADDRESS: '2', ADMIN_LINK_RATE_PER_IP: '3' });
    const browser = adminBrowser(current.app);
    const ask = (email: string) => () => browser.post(adminApiPaths.requestLink, { email });
    expect(
      await statusesOf([ask(ANNA), ask(ANNA), ask(ANNA), ask('b@example.com'), ask('c@example.com')]),
    ).toEqual([202, 202, 429, 202, 429]);
    const elsewhere = adminBrowser(current.app, '192.0.2.7');
    expect((await elsewhere.post(adminApiPaths.requestLink, { email: 'b@example.com' })).statusCode).toBe(
      202,
    );
  });

  it('a burst at once gets no more links than the limit', async () => {
    await start({ ADMIN_LINK_RATE_PER_ADDRESS: '2' });
    const browser = adminBrowser(current.app);
    await browser.get(adminApiPaths.session);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => browser.post(adminApiPaths.requestLink, { email: ANNA })),
    );
    expect(burst.filter((response) => response.statusCode === 202)).toHaveLength(2);
  });

  it('a stranger asking for an operator’s links spends none of the operator’s own', async () => {
    await start({ ADMIN_LINK_RATE_PER_ADDRESS: '3' });
    const first = await invite(ANNA);
    const stranger = adminBrowser(current.app, '198.51.100.9');
    const ask = () => stranger.post(adminApiPaths.requestLink, { email: ANNA });
    expect(await statusesOf([ask, ask, ask, ask, ask])).toEqual([202, 202, 202, 429, 429]);
    const own = await adminBrowser(current.app, '192.0.2.10').post(adminApiPaths.requestLink, {
      email: ANNA,
    });
    expect(own.statusCode).toBe(202);
    expect(await awaitSignInLink(current.dataDir, ANNA, [first])).toMatch(/^[\w-]{43}$/);
  });

  it('refused requests count for nothing: an hour after the last admitted one, the client may ask again', async () => {
    await start({ ADMIN_LINK_RATE_PER_IP: '3' });
    const browser = adminBrowser(current.app, '203.0.113.5');
    const ask = () => browser.post(adminApiPaths.requestLink, { email: ANNA });
    expect(await statusesOf([ask, ask, ask])).toEqual([202, 202, 202]);
    const admitted = await lastRequestSeq();
    // Somebody behind the same address keeps asking, and is refused each time.
    expect(await statusesOf(Array.from({ length: 10 }, () => ask))).toEqual(Array(10).fill(429));
    await anHourAgo(admitted);
    expect((await ask()).statusCode).toBe(202);
  });

  it('successful passkey sign-ins do not count: an office behind one address is limited by its failures only', async () => {
    await start({ ADMIN_SIGN_IN_RATE_PER_IP: '5' });
    const office = '192.0.2.80';
    const authenticators = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      const authenticator = softwareAuthenticator(ORIGIN);
      expect(
        (await adminBrowser(current.app, office).registerWithLink(await invite(email), authenticator))
          .statusCode,
      ).toBe(200);
      authenticators.push(authenticator);
    }
    const signIns = [];
    for (let round = 0; round < 4; round++)
      for (const authenticator of authenticators)
        signIns.push((await adminBrowser(current.app, office).signIn(authenticator)).statusCode);
    expect(signIns).toEqual(Array(12).fill(200));

    // Sign-ins begun and never finished, and failures, do count.
    const stranger = adminBrowser(current.app, office);
    for (let begun = 0; begun < 3; begun++)
      expect((await stranger.post(adminApiPaths.passkeyOptions, {})).statusCode).toBe(200);
    expect((await stranger.signIn(softwareAuthenticator(ORIGIN))).json().error).toBe(
      apiErrorCodes.passkeyRejected,
    );
    expect((await stranger.post(adminApiPaths.passkeyOptions, {})).statusCode).toBe(200);
    const limited = await stranger.post(adminApiPaths.passkeyOptions, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(apiErrorCodes.tooManyRequests);
    expect((await adminBrowser(current.app, '192.0.2.81').signIn(authenticators[0]!)).statusCode).toBe(200);
  });
});

describe('failed sign-ins', () => {
  it('are audited with their reason; a flood of refused ones writes one entry', async () => {
    await start({ ADMIN_SIGN_IN_RATE_PER_IP: '5' });
    const token = await invite(ANNA);
    const anna = adminBrowser(current.app);
    const authenticator = softwareAuthenticator(ORIGIN);
    expect((await anna.registerWithLink(token, authenticator)).statusCode).toBe(200);

    const attacker = adminBrowser(current.app, '198.51.100.66');
    expect((await attacker.post(adminApiPaths.linkClaim, { token })).statusCode).toBe(400);
    expect((await attacker.post(adminApiPaths.linkOptions, {})).statusCode).toBe(400);
    // A response for Anna's passkey id whose signature is not hers.
    const options = (await attacker.post(adminApiPaths.passkeyOptions, {})).json();
    const forged = softwareAuthenticator(ORIGIN).authenticate(options);
    const refused = await attacker.post(adminApiPaths.passkeyVerify, {
      credential: { ...forged, id: authenticator.credentialId, rawId: authenticator.credentialId },
    });
    expect(refused.json().error).toBe(apiErrorCodes.passkeyRejected);
    expect((await attacker.signIn(softwareAuthenticator(ORIGIN))).json().error).toBe(
      apiErrorCodes.passkeyRejected,
    );
    const flood = await statusesOf(
      Array.from({ length: 20 }, () => () => attacker.post(adminApiPaths.linkClaim, { token })),
    );
    expect(flood).toEqual([400, ...Array(19).fill(429)]);

    expect(await failedSignIns()).toEqual([
      'bad-link',
      'bad-link',
      `passkey-rejected passkey:${authenticator.credentialId.slice(0, 16)}`,
      'passkey-rejected',
      'bad-link',
      'rate-limited',
    ]);
    const [rejectedEntry] = await readRows(
      current.storage,
      "select operator_id from audit_log where target like 'passkey-rejected passkey:%'",
    );
    expect(rejectedEntry).toEqual({ operator_id: 1 });
    // Anna, elsewhere, is not held back.
    expect((await adminBrowser(current.app).signIn(authenticator)).statusCode).toBe(200);
  });
});

describe('the address a link request names', () => {
  it('is kept as an HMAC keyed with APP_SECRET, not as a hash anyone can compute', async () => {
    const stored = [];
    for (const secret of [
      'first-secret-0123456789abcdef0123456789',
      'other-secret-0123456789abcdef0123456789',
    ]) {
      await start({ APP_SECRET: secret });
      expect(
        (await adminBrowser(current.app).post(adminApiPaths.requestLink, { email: ANNA })).statusCode,
      ).toBe(202);
      stored.push(
        ...(await readRows(current.storage, 'select email_hash from sign_in_requests')).map(
          (row) => row.email_hash,
        ),
      );
      await current.app.close();
    }
    const plain = createHash('sha256').update(ANNA);
    const unkeyed = [plain.copy().digest('base64url'), plain.digest('hex')];
    expect(stored).toHaveLength(2);
    expect(stored[0]).not.toBe(stored[1]);
    for (const hash of stored) expect(unkeyed).not.toContain(hash);
  });
});
