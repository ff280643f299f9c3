import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { isBusy, LockWaitingSqliteDialect, SQLITE_BUSY_TIMEOUT_MS } from './lock-wait.js';
import { withStatementCache } from './statement-cache.js';
import type { Database } from './types.js';

/**
 * Switches to write-ahead logging. Another instance setting up the new file at the same moment holds its
 * lock meanwhile, on a busy machine for longer than the busy timeout, and SQLite may answer busy at once
 * without waiting at all (this connection, having read, would have to upgrade its lock): tried again every
 * 10 ms until `timeoutMs`. Nothing is served yet, so the wait blocks no one.
 */
function useWriteAheadLog(sqlite: SQLite.Database, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if (!isBusy(error) || performance.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

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
  useWriteAheadLog(sqlite, lockTimeoutMs);
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Deleted rows are overwritten with zeros instead of lingering in free space (erasure, retention).
  sqlite.pragma('secure_delete = ON');
  return new Kysely<Database>({
    dialect: new LockWaitingSqliteDialect({ database: withStatementCache(sqlite) }, lockTimeoutMs),
  });
}
