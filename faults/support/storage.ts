import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAfterTest } from '@site/testing/per-test';
import { createPostgresDatabase, dropPostgresDatabase } from '@site/testing/postgres';

/**
 * Where a fault test's servers and operator commands keep messages, as the environment they all get:
 * DATA_DIR alone for SQLite; DATA_DIR with DATABASE_URL for PostgreSQL (the app secret and the .eml
 * folder stay in DATA_DIR either way). Every process of one test gets the same settings. Made for one
 * test and dropped when it ends, after the servers started on it (those are stopped first).
 */
export type Storage = {
  name: string;
  env: Record<string, string>;
  /** Deletes the database and DATA_DIR, once every process using them has stopped. */
  drop: () => Promise<void>;
};

/** A fresh SQLite database in a private folder of its own. */
export function sqliteStorage(): Storage {
  const dataDir = mkdtempSync(join(tmpdir(), 'fault-data-'));
  return closeAfterTest(
    {
      name: 'SQLite',
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    },
    (storage) => storage.drop(),
  );
}

/**
 * A new database on PostgreSQL: on the shared test server, or at `serverUrl` (a private server the test
 * stops and starts), whose `postgres` database it then uses as it is.
 */
export async function postgresStorage(serverUrl?: string): Promise<Storage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fault-data-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl)
    return closeAfterTest(
      {
        name: 'PostgreSQL',
        env: { DATA_DIR: dataDir, DATABASE_URL: serverUrl },
        drop: async () => removeDataDir(),
      },
      (storage) => storage.drop(),
    );
  const database = await createPostgresDatabase('faults');
  return closeAfterTest(
    {
      name: 'PostgreSQL',
      env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      drop: async () => {
        await dropPostgresDatabase(database.name);
        removeDataDir();
      },
    },
    (storage) => storage.drop(),
  );
}
