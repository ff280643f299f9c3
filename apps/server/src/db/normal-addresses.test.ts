import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateBackTo, migrateToLatest } from './migrate.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { openStorageDatabase } from '../test/test-database.js';
import { createTestStorage } from '../test/test-storage.js';

const NOW = '2026-01-01T00:00:00.000Z';

describe('addresses stored before they had one normal form', () => {
  it('are rewritten to it by the migration, so privacy requests find them', async () => {
    const storage = await createTestStorage();
    const db = (await openStorageDatabase(storage)) as Kysely<unknown>;
    await migrateBackTo(db, '017-webhooks');
    const message = (id: string, email: string, source: string) =>
      writeRows(
        storage,
        `insert into messages (id, name, email, subject, message, marketing_consent, consent_at, site_key, ip, user_agent, received_at, spam, source)
           values (?, 'N', ?, 'S', 'M', 0, null, 'k', '', '', ?, 0, ?)`,
        id,
        email,
        NOW,
        source,
      );
    // As the form stored them (as typed) and as the mail import did (lower case, domain in Unicode).
    await message('m1', 'Jane.Doe@Example.COM', 'form');
    await message('m2', 'anna@bücher.example', 'email');
    await message('m3', '"john"@example.org', 'email');
    await message('m4', '"john smith"@example.org', 'email');
    await writeRows(
      storage,
      `insert into inbound_mails (message_id, from_name, from_address, subject, body, mail_id, automatic, received_at)
         values ('m1', 'I', 'info@ελλάδα.gr', 'S', 'B', null, 0, ?)`,
      NOW,
    );
    await writeRows(
      storage,
      'insert into suppressions (email, created_at) values (?, ?)',
      'jane.doe@example.com',
      NOW,
    );
    await migrateToLatest(db);
    expect(await readRows(storage, 'select id, email from messages order by id')).toEqual([
      { id: 'm1', email: 'jane.doe@example.com' },
      { id: 'm2', email: 'anna@xn--bcher-kva.example' },
      { id: 'm3', email: 'john@example.org' },
      { id: 'm4', email: '"john smith"@example.org' },
    ]);
    expect(await readRows(storage, 'select from_address from inbound_mails')).toEqual([
      { from_address: 'info@xn--hxakic4aa.gr' },
    ]);
    expect(await readRows(storage, 'select email from suppressions')).toEqual([
      { email: 'jane.doe@example.com' },
    ]);
  });
});
