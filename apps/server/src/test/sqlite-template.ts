import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A SQLite file with every migration done, which each test's DATA_DIR gets a copy of. */
    migratedSqlite: string;
  }
}

/**
 * Vitest global setup of the SQLite run: migrates one database file that every test's database is a
 * copy of (copying a file takes a millisecond; the migrations, each committed to disk, take a good part
 * of a test on a busy machine), and removes it at the end.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'migrated-sqlite-'));
  const db = await openDatabase({ dataDir: dir, lockTimeoutMs: 5_000 });
  // Closing the only connection checkpoints the write-ahead log into site.db and removes it.
  await db.destroy();
  project.provide('migratedSqlite', join(dir, 'site.db'));
  return () => rmSync(dir, { recursive: true, force: true });
}
