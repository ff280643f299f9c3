import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Copies the write-ahead log into site.db and truncates it to nothing, so the page versions from before
 * a deletion survive in neither file (secure_delete has zeroed the current ones). Waits, up to the busy
 * timeout, for readers in other connections; returns false if one still kept it from finishing.
 */
export async function clearWriteAheadLog(db: Db): Promise<boolean> {
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}
