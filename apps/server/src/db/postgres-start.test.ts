import { closeAfterTest } from '@site/testing/per-test';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openStorageDatabase } from '../test/test-database.js';
import { createTestStorage } from '../test/test-storage.js';

/** The advisory lock Kysely's migrator takes on PostgreSQL before it reads which migrations are done. */
const MIGRATION_LOCK = '3853314791062309107';

describe('a server starting on PostgreSQL', () => {
  it('starts at once on an up-to-date database while another instance holds the migration lock', async () => {
    const storage = await createTestStorage();
    const migrating = closeAfterTest(
      new pg.Client({ connectionString: storage.settings.DATABASE_URL }),
      (client) => client.end(),
    );
    await migrating.connect();
    await migrating.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);

    const db = await openStorageDatabase(storage);
    const { rows } = await sql<{ n: string }>`select count(*) as n from messages`.execute(db);
    expect(rows).toEqual([{ n: '0' }]);
  });
});
