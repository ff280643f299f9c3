import { createPostgresDatabase, dropPostgresDatabases } from '@site/testing/postgres';
import { keepSpareDatabases } from '@site/testing/spare-postgres-databases';
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
 * Copies of the template kept ready: two test files run at once, and a copy is made in about the time a
 * short test takes, so a test seldom finds none.
 */
const SPARE_COPIES = 4;

/**
 * Vitest global setup of the PostgreSQL run: migrates one database that every test's database is a copy
 * of (a copy takes about a third of the time of migrating a new one), keeps copies of it ready and drops
 * those the tests are done with while the tests run, and drops every database the run made at the end.
 */
export default async function setup(project: TestProject) {
  await dropPostgresDatabases(TEST_DATABASE_PREFIX);
  const template = await createPostgresDatabase(TEST_DATABASE_PREFIX);
  const db = await openDatabase({ dataDir: '', lockTimeoutMs: 5_000, url: template.url, poolSize: 1 });
  await db.destroy();
  project.provide('migratedTemplate', template.name);
  const spares = await keepSpareDatabases(TEST_DATABASE_PREFIX, template.name, SPARE_COPIES);
  return async () => {
    await spares.stop();
    await dropPostgresDatabases(TEST_DATABASE_PREFIX);
  };
}
