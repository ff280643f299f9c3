import { dropPostgresDatabases } from '@site/testing/postgres';
import { TEST_DATABASE_PREFIX } from './test-storage.js';

/** Vitest global setup of the PostgreSQL run: every database its tests made is dropped at the end. */
export default async function setup() {
  await dropPostgresDatabases(TEST_DATABASE_PREFIX);
  return async () => {
    await dropPostgresDatabases(TEST_DATABASE_PREFIX);
  };
}
