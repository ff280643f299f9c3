import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { mailsTo } from '@site/testing/mail-links';
import { describe, expect, it, vi } from 'vitest';
import { adminBrowser, signedInOperator } from '../test/admin-client.js';
import { inviteOperator, messagesInProcess } from '../test/messages-in-process.js';
import { softwareAuthenticator } from '../test/software-authenticator.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

const ORIGIN = 'http://localhost';
const ANNA = 'anna@example.com';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let app: FastifyInstance;
let storage: TestStorage;
let dataDir: string;

async function start(settings: Record<string, string> = {}) {
  ({ app, storage, dataDir } = await buildTestApp(settings));
}

const cli = (...argv: string[]) => messagesInProcess(storage, ...argv);

const invite = (email: string) => inviteOperator(storage, email);

/** Anna with two passkeys: her laptop's (signed in on it) and her phone's (signed in on it). */
async function annaWithTwoPasskeys() {
  const laptop = await signedInOperator(app, storage, ANNA);
  const phoneKey = softwareAuthenticator(ORIGIN);
  const phone = adminBrowser(app, '192.0.2.20', IPHONE);
  expect((await phone.registerWithLink(await invite(ANNA), phoneKey)).statusCode).toBe(200);
  return { laptop, phone, phoneKey };
}

const stored = async (query: string) => Number(Object.values((await readRows(storage, query))[0]!)[0]);

describe('an operator’s passkeys', () => {
  it('are listed with name and dates; a stolen one is removed, signs in no more, and its sessions end', async () => {
    await start();
    const { laptop, phone } = await annaWithTwoPasskeys();
    const thief = adminBrowser(app, '198.51.100.7');
    expect((await thief.signIn(laptop.authenticator)).statusCode).toBe(200);

    const listed = await phone.get(adminApiPaths.passkeys);
    expect(listed.statusCode).toBe(200);
    const passkeys = listed.json().passkeys;
    expect(passkeys).toEqual([
      {
        id: laptop.authenticator.credentialId,
        name: 'Chrome on Linux',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        flaggedAt: null,
        current: false,
      },
      expect.objectContaining({ name: 'Safari on iOS', current: true }),
    ]);

    const removed = await phone.post(adminApiPaths.removePasskey, { id: laptop.authenticator.credentialId });
    expect(removed.json()).toEqual({ signedOut: false });
    expect((await thief.get(adminApiPaths.session)).statusCode).toBe(401);
    expect((await laptop.get(adminApiPaths.session)).statusCode).toBe(401);
    const again = await adminBrowser(app, '198.51.100.7').signIn(laptop.authenticator);
    expect(again.json().error).toBe(apiErrorCodes.passkeyRejected);
    expect((await phone.get(adminApiPaths.passkeys)).json().passkeys).toHaveLength(1);
    expect(
      await readRows(
        storage,
        "select operator_id, via, target from audit_log where action = 'passkey.remove'",
      ),
    ).toEqual([
      {
        operator_id: 1,
        via: 'inbox',
        target: `operator:1 passkey:${laptop.authenticator.credentialId.slice(0, 16)}`,
      },
    ]);
  });

  it('another operator’s passkey cannot be removed or renamed; removing the current one signs out', async () => {
    await start();
    const anna = await signedInOperator(app, storage, ANNA);
    const ben = await signedInOperator(app, storage, 'ben@example.com');
    for (const path of [adminApiPaths.removePasskey, adminApiPaths.renamePasskey]) {
      const refused = await ben.post(path, { id: anna.authenticator.credentialId, name: 'mine now' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe(apiErrorCodes.unknownPasskey);
    }
    expect((await anna.get(adminApiPaths.session)).statusCode).toBe(200);

    const renamed = await anna.post(adminApiPaths.renamePasskey, {
      id: anna.authenticator.credentialId,
      name: '  Work laptop  ',
    });
    expect(renamed.statusCode).toBe(204);
    expect((await anna.get(adminApiPaths.passkeys)).json().passkeys[0].name).toBe('Work laptop');

    const own = await anna.post(adminApiPaths.removePasskey, { id: anna.authenticator.credentialId });
    expect(own.json()).toEqual({ signedOut: true });
    expect(String(own.headers['set-cookie'])).toMatch(/^admin_session=; Path=\/; Max-Age=0/);
    expect((await anna.get(adminApiPaths.session)).statusCode).toBe(401);
  });

  it('on the command line: operator passkeys lists them, operator remove-passkey removes one by its id', async () => {
    await start();
    const { laptop, phone, phoneKey } = await annaWithTwoPasskeys();
    const listed = await cli('operator', 'passkeys', ANNA);
    expect(listed.code).toBe(0);
    const lines = listed.out.split('\n');
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${laptop.authenticator.credentialId} {2}Chrome on Linux {2}added \\S+ {2}last used \\S+$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^${phoneKey.credentialId} {2}Safari on iOS {2}added `)),
    ]);
    expect(listed.err).toBe('2 passkey(s)');

    const removed = await cli('operator', 'remove-passkey', ANNA, phoneKey.credentialId.slice(0, 10));
    expect(removed).toMatchObject({
      code: 0,
      out: `removed passkey "Safari on iOS" of ${ANNA}; the sessions it started have ended`,
    });
    expect((await phone.get(adminApiPaths.session)).statusCode).toBe(401);
    expect((await laptop.get(adminApiPaths.session)).statusCode).toBe(200);
    expect((await cli('operator', 'remove-passkey', ANNA, 'nosuchid0')).code).toBe(1);
    expect((await cli('operator', 'remove-passkey', ANNA)).code).toBe(2);
    expect(await readRows(storage, "select via from audit_log where action = 'passkey.remove'")).toEqual([
      { via: 'cli' },
    ]);
  });

  it('revoking deletes passkeys and unused links: an invitation after it starts from nothing', async () => {
    await start();
    const anna = await signedInOperator(app, storage, ANNA);
    const unused = await invite(ANNA);
    expect((await cli('operator', 'revoke', ANNA)).code).toBe(0);
    expect(await stored('select count(*) from passkeys')).toBe(0);
    expect(await stored('select count(*) from sign_in_links where used_at is null')).toBe(0);

    const fresh = await invite(ANNA);
    expect((await adminBrowser(app).signIn(anna.authenticator)).json().error).toBe(
      apiErrorCodes.passkeyRejected,
    );
    expect((await adminBrowser(app).post(adminApiPaths.linkClaim, { token: unused })).statusCode).toBe(400);
    expect((await adminBrowser(app).registerWithLink(fresh, softwareAuthenticator(ORIGIN))).statusCode).toBe(
      200,
    );
    expect(await stored('select count(*) from passkeys')).toBe(1);
  });
});

describe('a passkey added', () => {
  it('is mailed to its operator: when, from which browser and address', async () => {
    await start();
    await annaWithTwoPasskeys();
    await vi.waitFor(
      async () =>
        expect(
          (await mailsTo(dataDir, ANNA)).filter((mail) => mail.subject.startsWith('A passkey')),
        ).toHaveLength(2),
      {
        timeout: 5000,
      },
    );
    const added = (await mailsTo(dataDir, ANNA)).filter((mail) => mail.subject.startsWith('A passkey'));
    expect(added[1]!.subject).toBe('A passkey was added to your Test Company inbox account');
    expect(added[1]!.text).toMatch(
      /^A new passkey, "Safari on iOS", was added to your account at the Test Company inbox on \d{4}-\d\d-\d\d at \d\d:\d\d UTC, from Safari on iOS at the IP address 192\.0\.2\.20\./,
    );
    expect(added[1]!.text).toContain('http://localhost/admin/account');
  });
});

describe('a passkey whose counter goes back', () => {
  it('is flagged: it signs in no more, every session it started ends, and its operator is told', async () => {
    await start();
    const anna = await signedInOperator(app, storage, ANNA);
    expect((await adminBrowser(app).signIn(anna.authenticator)).statusCode).toBe(200);
    const clone = anna.authenticator.copy();
    const thief = adminBrowser(app, '198.51.100.8');
    expect((await thief.signIn(clone)).statusCode).toBe(200);

    const refused = await adminBrowser(app).signIn(anna.authenticator);
    expect(refused.json().error).toBe(apiErrorCodes.passkeyRejected);
    expect((await thief.get(adminApiPaths.session)).statusCode).toBe(401);
    expect((await anna.get(adminApiPaths.session)).statusCode).toBe(401);
    for (const each of [clone, anna.authenticator])
      expect((await adminBrowser(app).signIn(each)).json().error).toBe(apiErrorCodes.passkeyRejected);

    expect(await stored('select count(*) from passkeys where flagged_at is not null')).toBe(1);
    const failures = (
      await readRows(storage, "select target from audit_log where action = 'sign-in.failed' order by seq")
    ).map((row) => row.target);
    const passkey = `passkey:${anna.authenticator.credentialId.slice(0, 16)}`;
    expect(failures).toEqual([
      `counter-regression ${passkey}`,
      `flagged-passkey ${passkey}`,
      `flagged-passkey ${passkey}`,
    ]);
    await vi.waitFor(
      async () =>
        expect((await mailsTo(dataDir, ANNA)).map((mail) => mail.subject)).toContain(
          'A sign-in with your passkey to the Test Company inbox was refused',
        ),
      { timeout: 5000 },
    );
  });

  it('is not flagged by a response whose signature does not verify', async () => {
    await start();
    const anna = await signedInOperator(app, storage, ANNA);
    expect((await adminBrowser(app).signIn(anna.authenticator)).statusCode).toBe(200);
    const attacker = adminBrowser(app, '198.51.100.9');
    const options = (await attacker.post(adminApiPaths.passkeyOptions, {})).json();
    // A low counter under somebody else's key: the passkey's id is public enough to try this.
    const forged = softwareAuthenticator(ORIGIN).authenticate(options);
    const response = await attacker.post(adminApiPaths.passkeyVerify, {
      credential: { ...forged, id: anna.authenticator.credentialId, rawId: anna.authenticator.credentialId },
    });
    expect(response.json().error).toBe(apiErrorCodes.passkeyRejected);
    expect(await stored('select count(*) from passkeys where flagged_at is not null')).toBe(0);
    expect((await adminBrowser(app).signIn(anna.authenticator)).statusCode).toBe(200);
  });
});
