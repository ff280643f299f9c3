import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server the tests may use: a role that can create databases, and a database of its own
 * to connect to. `.ci/run` makes both; the README says how to make them locally.
 */
export const testPostgresUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://site_test:site_test@127.0.0.1:5432/site_test';

export type TestPostgresDatabase = { url: string; name: string; drop: () => Promise<void> };

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server (about 15 ms), for one test or one test file. */
export async function createPostgresDatabase(adminUrl = testPostgresUrl): Promise<TestPostgresDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await asAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    // `with (force)` ends connections a crashed or killed server left open.
    drop: () => asAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
