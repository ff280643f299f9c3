import { createPostgresDatabase, dropPostgresDatabases } from '@site/testing/postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { TEST_DATABASE_PREFIX } from './test-storage.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database with every migration done, which each test's database is copied from. */
    migratedTemplate: string;
  }
}

/**
 * Vitest global setup of the PostgreSQL run: migrates one database that every test's database is a copy
 * of (a copy takes about a third of the time of migrating a new one), and drops every database the run
 * made at the end.
 */
export default async function setup(project: TestProject) {
  await dropPostgresDatabases(TEST_DATABASE_PREFIX);
  const template = await createPostgresDatabase(TEST_DATABASE_PREFIX);
  const db = await openDatabase({ dataDir: '', lockTimeoutMs: 5_000, url: template.url, poolSize: 1 });
  await db.destroy();
  project.provide('migratedTemplate', template.name);
  return async () => {
    await dropPostgresDatabases(TEST_DATABASE_PREFIX);
  };
}
