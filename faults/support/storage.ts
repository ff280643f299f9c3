import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where a fault test's servers and operator commands keep messages, as the environment they all get:
 * DATA_DIR alone for SQLite; DATA_DIR with DATABASE_URL for PostgreSQL (the app secret and the .eml
 * folder stay in DATA_DIR either way). Every process of one test gets the same settings.
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
  return {
    name: 'SQLite',
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
