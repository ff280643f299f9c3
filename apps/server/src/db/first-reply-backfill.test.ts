import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateBackTo, migrateToLatest } from './migrate.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { openStorageDatabase } from '../test/test-database.js';
import { createTestStorage } from '../test/test-storage.js';

describe('messages answered before the first-response clock was kept', () => {
  it('keep the time and the operator of their first reply, without figures; the unanswered have none', async () => {
    const storage = await createTestStorage();
    const db = (await openStorageDatabase(storage)) as Kysely<unknown>;
    await migrateBackTo(db, '026-mark-weight');
    for (const id of ['answered', 'waiting'])
      await writeRows(
        storage,
        `insert into messages (id, name, email, subject, message, marketing_consent, consent_at, site_key, ip, user_agent, received_at, spam)
           values (?, 'N', 'jane@example.com', 'S', 'M', 0, null, 'k', '', '', '2026-01-01T08:00:00.000Z', 0)`,
        id,
      );
    for (const email of ['anna@example.com', 'bob@example.com'])
      await writeRows(storage, "insert into operators (email, created_at) values (?, '2026-01-01')", email);
    // Bob's reply is the first, though stored second.
    for (const [operator, at] of [
      [1, '2026-01-02T09:00:00.000Z'],
      [2, '2026-01-01T10:00:00.000Z'],
    ] as const)
      await writeRows(
        storage,
        `insert into replies (message_id, operator_id, from_name, body, mail_id, status, next_attempt_at, created_at)
           values ('answered', ?, 'Anna', 'B', ?, 'sent', ?, ?)`,
        operator,
        `<${at}@test>`,
        at,
        at,
      );
    await migrateToLatest(db);
    expect(
      await readRows(
        storage,
        'select id, first_reply_at, first_reply_by, first_response_business_s, first_response_wall_s from messages order by id',
      ),
    ).toEqual([
      {
        id: 'answered',
        first_reply_at: '2026-01-01T10:00:00.000Z',
        first_reply_by: 2,
        first_response_business_s: null,
        first_response_wall_s: null,
      },
      {
        id: 'waiting',
        first_reply_at: null,
        first_reply_by: null,
        first_response_business_s: null,
        first_response_wall_s: null,
      },
    ]);
  });
});
