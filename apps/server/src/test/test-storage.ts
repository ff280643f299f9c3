import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDir, takeTestPostgresDatabase } from '@site/testing/per-test';
import { inject } from 'vitest';
import type { DatabaseKind } from '../db/dialect.js';

/** The database the server's tests run on: SQLite, or PostgreSQL in the Vitest project that sets TEST_DATABASE. */
export const testDatabaseKind: DatabaseKind =
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** Where one test's data lives: a fresh DATA_DIR and, on PostgreSQL, a fresh migrated database. */
export type TestStorage = {
  dataDir: string;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL: what the server and the operator commands are given. */
  settings: Record<string, string>;
};

/** Names the server tests' PostgreSQL databases, which the project's global teardown drops. */
export const TEST_DATABASE_PREFIX = 'server';

/**
 * This test's storage, removed when the test ends, after the apps opened on it have closed (the
 * project's global teardown drops any database a killed run left behind). Its database is a copy of
 * one the project's global setup migrated: a SQLite file, or a PostgreSQL database made from a template.
 */
export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = createTestDir('data-');
  if (testDatabaseKind === 'sqlite') {
    copyFileSync(inject('migratedSqlite'), join(dataDir, 'site.db'));
    return { dataDir, settings: { DATA_DIR: dataDir } };
  }
  const database = await takeTestPostgresDatabase(TEST_DATABASE_PREFIX, inject('migratedTemplate'));
  return { dataDir, settings: { DATA_DIR: dataDir, DATABASE_URL: database.url } };
}

/** The storage of a SQLite data directory: for the tests of what only SQLite has (its files, backups, locks). */
export const sqliteStorage = (dataDir: string): TestStorage => ({ dataDir, settings: { DATA_DIR: dataDir } });
