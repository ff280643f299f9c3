import { databaseRows } from '@site/testing/database-rows';
import type { TestStorage } from './test-storage.js';

/** Runs one statement straight on the test's database, as an operator or a second process would. */
const run = (storage: TestStorage, query: string, params: unknown[]) =>
  databaseRows({ databaseUrl: storage.settings.DATABASE_URL, dataDir: storage.dataDir }, query, params);

/** The rows a query returns. */
export const readRows = (storage: TestStorage, query: string, ...params: unknown[]) =>
  run(storage, query, params);

/** Changes the database directly, to set up a state the API cannot make (old dates, failed notifications). */
export const writeRows = async (storage: TestStorage, statement: string, ...params: unknown[]) => {
  await run(storage, statement, params);
};
