import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import type { Kysely } from 'kysely';
import { awaitSignInLink, signInMailFiles } from '@site/testing/mail-links';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrateBackTo } from '../db/migrate.js';
import { adminBrowser, signedInOperator } from '../test/admin-client.js';
import { operatorTestApp } from '../test/operator-test-app.js';
import { softwareAuthenticator } from '../test/software-authenticator.js';
import { readRows, writeRows } from '../test/stored-rows.js';

const ORIGIN = 'http://localhost';
const ANNA = 'anna@example.com';

const current = operatorTestApp();
const { start, invite } = current;

const claim = (token: string) => adminBrowser(current.app).post(adminApiPaths.linkClaim, { token });

describe('a new sign-in link', () => {
  it('retires the operator’s earlier unused ones, whether an operator invited them or they asked', async () => {
    await start();
    const first = await invite(ANNA);
    const second = await invite(ANNA);
    expect(
      (await adminBrowser(current.app).post(adminApiPaths.requestLink, { email: ANNA })).statusCode,
    ).toBe(202);
    const third = await awaitSignInLink(current.dataDir, ANNA, [first, second]);
    for (const retired of [first, second]) {
      const refused = await claim(retired);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(apiErrorCodes.invalidSignInLink);
    }
    expect((await claim(third)).statusCode).toBe(200);
  });
});

describe('sign-in mails kept as files without SMTP_URL', () => {
  // Dead links' mail copies are looked for every 30 polls (0.6 s here); the test waits for three rounds.
  it('are deleted once their link is used, retired or expired', async () => {
    await start({ OUTBOX_POLL_MS: '20' });
    const used = await invite(ANNA);
    await invite('ben@example.com');
    expect(await signInMailFiles(current.dataDir)).toHaveLength(2);
    expect(
      (await adminBrowser(current.app).registerWithLink(used, softwareAuthenticator(ORIGIN))).statusCode,
    ).toBe(200);
    await vi.waitFor(async () => expect(await signInMailFiles(current.dataDir)).toHaveLength(1), {
      timeout: 5000,
    });

    await writeRows(
      current.storage,
      'update sign_in_links set expires_at = ? where used_at is null',
      new Date().toISOString(),
    );
    await vi.waitFor(async () => expect(await signInMailFiles(current.dataDir)).toEqual([]), {
      timeout: 5000,
    });

    await invite('ben@example.com');
    await invite('ben@example.com');
    await vi.waitFor(async () => expect(await signInMailFiles(current.dataDir)).toHaveLength(1), {
      timeout: 5000,
    });
    expect(
      await readRows(current.storage, 'select count(*) as held from sign_in_links where mail_id is not null'),
    ).toEqual([{ held: expect.anything() }]);
  }, 20_000);
});

describe('the audit log and operators’ addresses', () => {
  it('names operators by id; the inbox shows their current address beside the entry', async () => {
    await start();
    const lead = await signedInOperator(current.app, current.storage, 'lead@example.com');
    expect((await lead.post(adminApiPaths.operators, { email: ANNA })).statusCode).toBe(202);
    expect((await lead.post(adminApiPaths.revokeOperator, { email: ANNA })).statusCode).toBe(200);
    const stored = JSON.stringify(await readRows(current.storage, 'select * from audit_log'));
    expect(stored).not.toContain('@');
    const entries = (await lead.get(adminApiPaths.audit)).json().entries;
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({ action: 'operator.revoke', target: 'operator:2', targetOperator: ANNA }),
      expect.objectContaining({ action: 'operator.invite', target: 'operator:2', targetOperator: ANNA }),
    ]);
  });

  it('entries an earlier version wrote with an address are rewritten by id on upgrade', async () => {
    await start();
    await invite(ANNA);
    await current.app.close();
    const db = await openDatabase({
      dataDir: current.dataDir,
      lockTimeoutMs: 5000,
      url: current.storage.settings.DATABASE_URL,
    });
    await migrateBackTo(db as Kysely<unknown>, '008-inbox-all-view').finally(() => db.destroy());
    await writeRows(
      current.storage,
      "update audit_log set target = ? where action = 'operator.invite'",
      ANNA,
    );
    await writeRows(
      current.storage,
      "insert into audit_log (operator_id, via, action, target, at) values (null, 'cli', 'operator.revoke', ?, ?)",
      ANNA,
      new Date().toISOString(),
    );

    await current.restart();
    expect(await readRows(current.storage, 'select action, target from audit_log order by seq')).toEqual([
      { action: 'operator.invite', target: 'operator:1' },
      { action: 'operator.revoke', target: 'operator:1' },
    ]);
  });
});
