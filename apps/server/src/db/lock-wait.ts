import { setTimeout as sleep } from 'node:timers/promises';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** How long SQLite itself may wait for a lock: it waits synchronously, with every request on hold. */
export const SQLITE_BUSY_TIMEOUT_MS = 5;
const LONGEST_PAUSE_MS = 50;

/** SQLITE_BUSY and its variants: another connection holds the lock a statement needs. */
export const isBusy = (error: unknown) =>
  error instanceof Error && 'code' in error && String(error.code).startsWith('SQLITE_BUSY');

/** Runs `query` again after growing pauses while the database is locked, until `timeoutMs` have passed. */
async function whileLocked<T>(query: () => Promise<T>, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (let pauseMs = 1; ; pauseMs = Math.min(pauseMs * 2, LONGEST_PAUSE_MS)) {
    try {
      return await query();
    } catch (error) {
      if (!isBusy(error) || performance.now() + pauseMs > deadline) throw error;
      await sleep(pauseMs);
    }
  }
}

/**
 * Transactions take the write lock as they begin (BEGIN IMMEDIATE), so what they read stays true until
 * they commit, across processes too; a transaction that read first would instead fail at its first write
 * while another process writes, without waiting. A statement that finds the database locked is tried
 * again without blocking the event loop, and fails (SQLITE_BUSY) once the lock outlasts `timeoutMs`.
 */
class LockWaitingDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly timeoutMs: number,
  ) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    return {
      executeQuery: (query) => whileLocked(() => connection.executeQuery(query), this.timeoutMs),
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SQLite dialect, waiting for locks held by other processes as described above. */
export class LockWaitingSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly timeoutMs: number,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new LockWaitingDriver(this.config, this.timeoutMs);
  }
}
