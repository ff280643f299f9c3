import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Env } from '../env.js';
import { isUpToDate, migrateToLatest } from './migrate.js';
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

const MIGRATION_ATTEMPTS = 20;
const MIGRATION_PAUSE_MS = 100;

/**
 * Processes starting together on a new SQLite file race through the migrations: Kysely's migration lock
 * holds on PostgreSQL but does nothing on SQLite, so one may find a table or column another has just
 * made. Whatever one of them did is complete once recorded; the others try again, a little later each
 * time, and find the migration done. A migration that is simply broken still fails, after about 20 s.
 */
async function migrateSqliteAlongsideOthers(db: Kysely<unknown>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateToLatest(db);
    } catch (error) {
      if (attempt === MIGRATION_ATTEMPTS) throw error;
      await sleep(MIGRATION_PAUSE_MS * attempt);
    }
  }
}

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
  if (url) {
    const db = openPostgres(url, poolSize, onConnectionError);
    try {
      // Most starts find the schema up to date: one read on the server's own connection instead of a
      // connection more for the migrator (what a server or a command spent most of its start on).
      if (await isUpToDate(db as Kysely<unknown>)) return db;
      // A migration may take minutes on a large database (building an index): on a connection of its
      // own, without the time limits of the server's queries.
      const migrating = openPostgres(url, 1, onConnectionError, false);
      try {
        await migrateToLatest(migrating as Kysely<unknown>);
      } finally {
        await migrating.destroy();
      }
      return db;
    } catch (error) {
      await db.destroy();
      throw error;
    }
  }
  const db = openSqlite(dataDir, lockTimeoutMs);
  try {
    await migrateSqliteAlongsideOthers(db as Kysely<unknown>);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
