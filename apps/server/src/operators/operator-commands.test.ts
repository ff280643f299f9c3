import { mailedSignInLinks } from '@site/testing/mail-links';
import { describe, expect, it } from 'vitest';
import { messagesInProcess } from '../test/messages-in-process.js';
import { readRows } from '../test/stored-rows.js';
import { writeTestSite } from '../test/test-app.js';
import { createTestStorage, type TestStorage } from '../test/test-storage.js';

let storage: TestStorage;

/** The CLI as an operator runs it, on a site whose brand it reads for the mail. */
async function cli(...argv: string[]) {
  return messagesInProcess(
    { settings: { ...storage.settings, WEB_ROOT: writeTestSite(), SITE_URL: 'https://www.example.com' } },
    ...argv,
  );
}

describe('npm run messages -- operator', () => {
  it('invite mails a one-time link without printing it; list and revoke; each in the audit log', async () => {
    storage = await createTestStorage();
    const invited = await cli('operator', 'invite', 'Anna@Example.com');
    expect(invited).toMatchObject({ code: 0, out: 'invited anna@example.com' });
    const [[url, token]] = (await mailedSignInLinks(storage.dataDir, 'anna@example.com')) as [
      [string, string],
    ];
    expect(url).toBe(`https://www.example.com/admin/sign-in#token=${token}`);
    expect(invited.out + invited.err).not.toContain(token);
    expect(await readRows(storage, 'select token_hash from sign_in_links')).not.toContainEqual({
      token_hash: token,
    });

    const again = await cli('operator', 'invite', 'anna@example.com', '--print-link');
    expect(again.out).toMatch(
      /^sent a new sign-in link to anna@example.com\nhttps:\/\/www\.example\.com\/admin\/sign-in#token=[\w-]{43}$/,
    );

    expect((await cli('operator', 'list')).out).toMatch(
      /^anna@example\.com {2}added \S+ {2}0 passkey\(s\) {2}last sign-in never$/,
    );
    expect(await cli('operator', 'revoke', 'anna@example.com')).toMatchObject({
      code: 0,
      out: 'revoked anna@example.com; their sessions have ended and their passkeys are deleted',
    });
    expect((await cli('operator', 'list')).out).toMatch(/revoked \S+$/);
    const report = JSON.parse((await cli('subject-access', '--email', 'ANNA@example.com')).out);
    expect(report.operator).toMatchObject({ email: 'anna@example.com', passkeys: [] });
    expect(report.operator.auditLog.map((entry: { action: string }) => entry.action)).toEqual([
      'operator.invite',
      'operator.invite',
      'operator.revoke',
    ]);
    // The log names the operator by id; their address is in no entry, nor in the entry of
    // the subject-access request about them, which names them by the keyed reference.
    expect(
      await readRows(storage, 'select operator_id, via, action, target from audit_log order by seq'),
    ).toEqual([
      { operator_id: null, via: 'cli', action: 'operator.invite', target: 'operator:1' },
      { operator_id: null, via: 'cli', action: 'operator.invite', target: 'operator:1' },
      { operator_id: null, via: 'cli', action: 'operator.revoke', target: 'operator:1' },
      {
        operator_id: null,
        via: 'cli',
        action: 'subject-access',
        target: expect.stringMatching(/^ref:[0-9a-f]{16}: 0 message\(s\)$/),
      },
    ]);
  });

  it('says what is wrong: an unknown operator, a missing address, an unknown action', async () => {
    storage = await createTestStorage();
    expect(await cli('operator', 'revoke', 'nobody@example.com')).toMatchObject({
      code: 1,
      err: 'Error: no operator nobody@example.com',
    });
    expect((await cli('operator', 'invite')).code).toBe(2);
    expect((await cli('operator', 'invite', 'not-an-address')).code).toBe(2);
    expect((await cli('operator', 'promote', 'a@example.com')).code).toBe(2);
    expect((await cli('operator')).code).toBe(2);
    const unreachable = await messagesInProcess(
      { settings: { ...storage.settings, WEB_ROOT: writeTestSite(), SMTP_URL: 'smtp://127.0.0.1:1' } },
      'operator',
      'invite',
      'anna@example.com',
    );
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toMatch(/^Error: no sign-in link went to anna@example.com: .*ECONNREFUSED/);
  });
});
