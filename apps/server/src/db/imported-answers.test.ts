import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateBackTo, migrateToLatest } from './migrate.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { openStorageDatabase } from '../test/test-database.js';
import { createTestStorage } from '../test/test-storage.js';

const FIRST = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';

describe('mails imported before their answers were named', () => {
  it('are matched to the answer they were filed as, so erasing its sender finds their moved copy', async () => {
    const storage = await createTestStorage();
    const db = (await openStorageDatabase(storage)) as Kysely<unknown>;
    await migrateBackTo(db, '018-normal-addresses');
    await writeRows(
      storage,
      `insert into messages (id, name, email, subject, message, marketing_consent, consent_at, site_key, ip, user_agent, received_at, spam, source)
         values ('m1', 'N', 'jane@example.com', 'S', 'M', 0, null, 'k', '', '', ?, 0, 'email')`,
      FIRST,
    );
    await writeRows(
      storage,
      `insert into inbound_mails (message_id, from_name, from_address, subject, body, mail_id, automatic, received_at)
         values ('m1', 'K', 'kostas@work.example', 'Re', 'B', null, 0, ?)`,
      LATER,
    );
    const [{ seq }] = (await readRows(storage, 'select seq from inbound_mails')) as [{ seq: number }];
    // The message's own mail, the answer's, and one whose message was erased.
    for (const [key, messageId, at] of [
      ['k-message', 'm1', FIRST],
      ['k-answer', 'm1', LATER],
      ['k-erased', null, LATER],
    ])
      await writeRows(
        storage,
        'insert into imported_mails (mail_key, message_id, imported_at, folder, folder_uid_validity, folder_uid) values (?, ?, ?, ?, ?, ?)',
        key,
        messageId,
        at,
        'Imported',
        '1',
        1,
      );
    await migrateToLatest(db);
    expect(
      await readRows(storage, 'select mail_key, inbound_seq from imported_mails order by mail_key'),
    ).toEqual([
      { mail_key: 'k-answer', inbound_seq: seq },
      { mail_key: 'k-erased', inbound_seq: null },
      { mail_key: 'k-message', inbound_seq: null },
    ]);
  });
});
