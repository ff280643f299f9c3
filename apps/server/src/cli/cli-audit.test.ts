import { adminApiPaths } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { subjectReference } from '../audit/audit-log.js';
import { signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';

const SECRET = 'cli-audit-reference-secret-of-32-chars';

let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
let storage: TestStorage;

/** The command line on the test's database, with the server's APP_SECRET. */
const cli = (...argv: string[]) =>
  messagesInProcess({ settings: { ...storage.settings, APP_SECRET: SECRET } }, ...argv);

type Entry = { operator_id: number | null; via: string; action: string; target: string | null };
const auditEntries = () =>
  readRows(storage, 'select operator_id, via, action, target from audit_log order by seq') as Promise<
    Entry[]
  >;

/** Two people with a message each (with a marketing consent). */
async function start() {
  ({ app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '100', APP_SECRET: SECRET }));
  for (const email of ['quentin@example.com', 'olga@example.com'])
    expect((await sendMessage(app, { ...validMessage, email, marketingConsent: true })).statusCode).toBe(201);
}

describe('the command line writes the audit entries the inbox writes', () => {
  it('each GDPR request names the person by the same keyed reference as the inbox, never by address', async () => {
    await start();
    const reference = subjectReference('quentin@example.com', SECRET);
    const requests: [argv: string[], path: string, action: string][] = [
      [['subject-access'], adminApiPaths.subjectAccess, 'subject-access'],
      [['restrict'], adminApiPaths.restrictSubject, 'restrict'],
      [['opt-out'], adminApiPaths.optOutSubject, 'opt-out'],
      [['erase'], adminApiPaths.eraseSubject, 'erase'],
    ];
    const browser = await signedInOperator(app, storage, 'anna@example.com');
    for (const [argv, path, action] of requests) {
      const before = (await auditEntries()).length;
      // As an operator might type the address: another case, spaces around.
      expect((await browser.post(path, { email: ' Quentin@Example.com ' })).statusCode).toBe(200);
      expect((await cli(...argv, '--email', 'QUENTIN@example.com ')).code).toBe(0);
      const [inbox, commandLine] = (await auditEntries()).slice(before);
      expect(inbox).toMatchObject({ via: 'inbox', action, target: expect.stringMatching(`^${reference}`) });
      expect(commandLine).toMatchObject({ operator_id: null, via: 'cli', action });
      // The same outcome after the same request is written the same way.
      if (action !== 'erase') expect(commandLine!.target).toBe(inbox!.target);
      else
        expect(commandLine!.target).toBe(
          `${reference}: 0 message(s), 0 answer(s) by mail, 0 notification file(s)`,
        );
    }
    const targets = (await auditEntries()).map((entry) => entry.target ?? '');
    expect(targets.filter((target) => target.includes('@'))).toEqual([]);
  });

  it('reading, exporting, retrying, purging and the marketing list are audited as the command line', async () => {
    await start();
    const [id] = (await cli('list')).out.split(' ');
    expect((await cli('show', id!)).code).toBe(0);
    expect((await cli('export', '--format', 'json')).code).toBe(0);
    expect((await cli('outbox', 'retry')).code).toBe(0);
    expect((await cli('outbox', 'retry', id!)).code).toBe(0);
    expect((await cli('marketing-list')).code).toBe(0);
    expect((await cli('purge', '--older-than', '3650')).code).toBe(0);
    expect(await auditEntries()).toEqual([
      { operator_id: null, via: 'cli', action: 'open-message', target: id },
      { operator_id: null, via: 'cli', action: 'export', target: '2 message(s) as json' },
      { operator_id: null, via: 'cli', action: 'retry-notifications', target: 'every failed mail: 0' },
      { operator_id: null, via: 'cli', action: 'retry-notifications', target: id },
      { operator_id: null, via: 'cli', action: 'marketing-list', target: '0 address(es)' },
      {
        operator_id: null,
        via: 'cli',
        action: 'purge',
        target: expect.stringMatching(/^0 message\(s\) received before \d{4}-/),
      },
    ]);
  });

  it('refuses what the inbox refuses as an address, and takes what it takes', async () => {
    await start();
    const browser = await signedInOperator(app, storage, 'anna@example.com');
    for (const address of [
      'foo@',
      '@example.com',
      'no at sign',
      'a@b@c.example',
      `${'x'.repeat(65)}@example.com`,
    ]) {
      expect((await cli('erase', '--email', address)).code, address).toBe(2);
      expect((await browser.post(adminApiPaths.eraseSubject, { email: address })).statusCode, address).toBe(
        400,
      );
    }
    expect((await cli('erase', '--email', ' Olga@Example.com ')).out).toMatch(
      /^1 message\(s\), 0 answer\(s\) by mail and \d notification file\(s\) erased$/,
    );
    expect((await cli('operator', 'revoke', 'foo@')).code).toBe(2);
    expect((await browser.post(adminApiPaths.revokeOperator, { email: 'foo@' })).statusCode).toBe(400);
  });
});
