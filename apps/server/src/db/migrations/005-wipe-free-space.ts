import { type Kysely, sql } from 'kysely';
import { databaseKind } from '../dialect.js';

/**
 * Rows deleted before secure_delete was turned on left their bytes in free space: rebuild the file once
 * (VACUUM copies only live rows) and empty the write-ahead log that held the old pages. SQLite runs no
 * migration of ours in a transaction, which VACUUM could not run in. PostgreSQL started without such rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (databaseKind(db) === 'postgres') return;
  await sql`vacuum`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/** Nothing to undo: the data is the same. */
export async function down(): Promise<void> {}
