import type { Kysely } from 'kysely';
import type { Env } from '../env.js';
import { migrateToLatest } from './migrate.js';
import { openPostgres } from './postgres.js';
import { openSqlite } from './sqlite.js';
import type { Database } from './types.js';

export type Db = Kysely<Database>;

export type DatabaseSettings = {
  /** SQLite's folder: `<dataDir>/site.db`, unless `url` is set. */
  dataDir: string;
  /** How long a SQLite query waits for a lock another process (an operator command) holds. */
  lockTimeoutMs: number;
  /** A postgres:// URL: PostgreSQL instead of SQLite. */
  url?: string;
  /** PostgreSQL connections at most. */
  poolSize?: number;
  /** Hears of PostgreSQL connections lost while no query ran on them (the server went away). */
  onConnectionError?: (error: Error) => void;
};

/** The database settings of the server's environment. */
export const databaseSettings = (env: Env, onConnectionError?: (error: Error) => void): DatabaseSettings => ({
  dataDir: env.DATA_DIR,
  lockTimeoutMs: env.DB_LOCK_TIMEOUT_MS,
  url: env.DATABASE_URL,
  poolSize: env.DATABASE_POOL_SIZE,
  onConnectionError,
});

/** Opens the database the settings name and brings its schema up to date. */
export async function openDatabase({
  dataDir,
  lockTimeoutMs,
  url,
  poolSize = 10,
  onConnectionError = () => {},
}: DatabaseSettings): Promise<Db> {
  const db = url ? openPostgres(url, poolSize, onConnectionError) : openSqlite(dataDir, lockTimeoutMs);
  try {
    await migrateToLatest(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
