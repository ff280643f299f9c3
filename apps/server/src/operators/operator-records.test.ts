import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { awaitSignInLink, signInMailFiles } from '@site/testing/mail-links';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrateBackTo } from '../db/migrate.js';
import { adminBrowser, signedInOperator } from '../test/admin-client.js';
import { inviteOperator } from '../test/messages-in-process.js';
import { softwareAuthenticator } from '../test/software-authenticator.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, writeTestSite } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

const ORIGIN = 'http://localhost';
const ANNA = 'anna@example.com';

let app: FastifyInstance;
let storage: TestStorage;
let dataDir: string;

async function start(settings: Record<string, string> = {}) {
  ({ app, storage, dataDir } = await buildTestApp(settings));
}

const invite = (email: string) => inviteOperator(storage, email);

const claim = (token: string) => adminBrowser(app).post(adminApiPaths.linkClaim, { token });

describe('a new sign-in link', () => {
  it('retires the operator’s earlier unused ones, whether an operator invited them or they asked', async () => {
    await start();
    const first = await invite(ANNA);
    const second = await invite(ANNA);
    expect((await adminBrowser(app).post(adminApiPaths.requestLink, { email: ANNA })).statusCode).toBe(202);
    const third = await awaitSignInLink(dataDir, ANNA, [first, second]);
    for (const retired of [first, second]) {
      const refused = await claim(retired);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(apiErrorCodes.invalidSignInLink);
    }
    expect((await claim(third)).statusCode).toBe(200);
  });
});

describe('sign-in mails kept as files without SMTP_URL', () => {
  // Dead links' mail copies are looked for every 30 polls (1.5 s here); the test waits for three rounds.
  it('are deleted once their link is used, retired or expired', async () => {
    await start({ OUTBOX_POLL_MS: '50' });
    const used = await invite(ANNA);
    await invite('ben@example.com');
    expect(await signInMailFiles(dataDir)).toHaveLength(2);
    expect((await adminBrowser(app).registerWithLink(used, softwareAuthenticator(ORIGIN))).statusCode).toBe(
      200,
    );
    await vi.waitFor(async () => expect(await signInMailFiles(dataDir)).toHaveLength(1), { timeout: 5000 });

    await writeRows(
      storage,
      'update sign_in_links set expires_at = ? where used_at is null',
      new Date().toISOString(),
    );
    await vi.waitFor(async () => expect(await signInMailFiles(dataDir)).toEqual([]), { timeout: 5000 });

    await invite('ben@example.com');
    await invite('ben@example.com');
    await vi.waitFor(async () => expect(await signInMailFiles(dataDir)).toHaveLength(1), { timeout: 5000 });
    expect(
      await readRows(storage, 'select count(*) as held from sign_in_links where mail_id is not null'),
    ).toEqual([{ held: expect.anything() }]);
  }, 20_000);
});

describe('the audit log and operators’ addresses', () => {
  it('names operators by id; the inbox shows their current address beside the entry', async () => {
    await start();
    const lead = await signedInOperator(app, storage, 'lead@example.com');
    expect((await lead.post(adminApiPaths.operators, { email: ANNA })).statusCode).toBe(202);
    expect((await lead.post(adminApiPaths.revokeOperator, { email: ANNA })).statusCode).toBe(200);
    const stored = JSON.stringify(await readRows(storage, 'select * from audit_log'));
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
    await app.close();
    const db = await openDatabase({
      dataDir,
      lockTimeoutMs: 5000,
      url: storage.settings.DATABASE_URL,
    });
    await migrateBackTo(db as Kysely<unknown>, '008-inbox-all-view').finally(() => db.destroy());
    await writeRows(storage, "update audit_log set target = ? where action = 'operator.invite'", ANNA);
    await writeRows(
      storage,
      "insert into audit_log (operator_id, via, action, target, at) values (null, 'cli', 'operator.revoke', ?, ?)",
      ANNA,
      new Date().toISOString(),
    );

    ({ app } = await buildTestApp({}, writeTestSite(), {}, storage));
    expect(await readRows(storage, 'select action, target from audit_log order by seq')).toEqual([
      { action: 'operator.invite', target: 'operator:1' },
      { action: 'operator.revoke', target: 'operator:1' },
    ]);
  });
});
