import { sql } from 'kysely';
import type { Db } from './database.js';
import { databaseKind } from './dialect.js';

/**
 * SQLite: copies the write-ahead log into site.db and truncates it to nothing, so the page versions from
 * before a deletion survive in neither file (secure_delete has zeroed the current ones). Waits, up to the
 * busy timeout, for readers in other connections; returns false if one still kept it from finishing.
 * PostgreSQL keeps its log and dead row versions itself, out of an application's reach (decision 016).
 */
export async function clearWriteAheadLog(db: Db): Promise<boolean> {
  if (databaseKind(db) === 'postgres') return true;
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}
