import { closeAfterTest } from '@site/testing/per-test';
import { databaseRows, postgresRows } from '@site/testing/database-rows';
import pg from 'pg';
import type { TestStorage } from './test-storage.js';

/**
 * The test's own connection to each PostgreSQL database it reads or changes directly, beside the app's
 * pool, as an operator's session is: opened by its first statement and closed when the test ends (or
 * after the tests of a `preparedOnce` that opened it). A connection of its own for every statement
 * cost a new server process and its sign-in each time, in every round of a poll.
 */
const connections = new Map<string, Promise<pg.Client>>();

function connectionTo(url: string): Promise<pg.Client> {
  let connection = connections.get(url);
  if (!connection) {
    const client = closeAfterTest(new pg.Client({ connectionString: url }), async (opened) => {
      connections.delete(url);
      await opened.end().catch(() => {});
    });
    // Ended by the server (a test that restarts it or drops the database): the next statement connects again.
    client.on('error', () => connections.delete(url));
    connection = client.connect().then(() => client);
    connections.set(url, connection);
    connection.catch(() => connections.delete(url));
  }
  return connection;
}

/** Runs one statement straight on the test's database, as an operator or a second process would. */
const run = async (storage: TestStorage, query: string, params: unknown[]) => {
  const url = storage.settings.DATABASE_URL;
  if (!url) return databaseRows({ dataDir: storage.dataDir }, query, params);
  return postgresRows(await connectionTo(url), query, params);
};

/** The rows a query returns. */
export const readRows = (storage: TestStorage, query: string, ...params: unknown[]) =>
  run(storage, query, params);

/** Changes the database directly, to set up a state the API cannot make (old dates, failed notifications). */
export const writeRows = async (storage: TestStorage, statement: string, ...params: unknown[]) => {
  await run(storage, statement, params);
};
