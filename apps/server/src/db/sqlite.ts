import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { LockWaitingSqliteDialect, SQLITE_BUSY_TIMEOUT_MS } from './lock-wait.js';
import { withStatementCache } from './statement-cache.js';
import type { Database } from './types.js';

/**
 * `<dataDir>/site.db` (created if missing) with write-ahead logging and full fsync on commit, so a
 * message is on disk before the visitor is told it was sent. A query waits up to `lockTimeoutMs` for a
 * lock another process holds, without blocking the server.
 */
export function openSqlite(dataDir: string, lockTimeoutMs: number): Kysely<Database> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const path = join(dir, 'site.db');
  // SQLite would create site.db 0644 and gives -wal and -shm the mode of site.db: start it private.
  closeSync(openSync(path, 'a', 0o600));
  const sqlite = new SQLite(path);
  // First: switching to WAL needs a lock that another instance starting at the same moment may hold.
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Deleted rows are overwritten with zeros instead of lingering in free space (erasure, retention).
  sqlite.pragma('secure_delete = ON');
  return new Kysely<Database>({
    dialect: new LockWaitingSqliteDialect({ database: withStatementCache(sqlite) }, lockTimeoutMs),
  });
}
