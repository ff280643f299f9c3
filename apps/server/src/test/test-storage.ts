import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase } from '@site/testing/postgres';
import type { DatabaseKind } from '../db/dialect.js';

/** The database the server's tests run on: SQLite, or PostgreSQL in the Vitest project that sets TEST_DATABASE. */
export const testDatabaseKind: DatabaseKind =
  process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/** Where one test's data lives: a fresh DATA_DIR and, on PostgreSQL, a fresh database. */
export type TestStorage = {
  dataDir: string;
  /** DATA_DIR, and DATABASE_URL on PostgreSQL: what the server and the operator commands are given. */
  settings: Record<string, string>;
};

/** Names the server tests' PostgreSQL databases, which the project's global teardown drops. */
export const TEST_DATABASE_PREFIX = 'server';

export async function createTestStorage(): Promise<TestStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
  if (testDatabaseKind === 'sqlite') return { dataDir, settings: { DATA_DIR: dataDir } };
  const database = await createPostgresDatabase(TEST_DATABASE_PREFIX);
  return { dataDir, settings: { DATA_DIR: dataDir, DATABASE_URL: database.url } };
}

/** The storage of a SQLite data directory: for the tests of what only SQLite has (its files, backups, locks). */
export const sqliteStorage = (dataDir: string): TestStorage => ({ dataDir, settings: { DATA_DIR: dataDir } });
