import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL server the tests may use: a role that can create databases, and a database of its own
 * to connect to. `.ci/run` makes both; the README says how to make them locally.
 */
export const testPostgresUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://site_test:site_test@127.0.0.1:5432/site_test';

/** Runs `work` on `admin`, a connection the caller keeps, or else on a connection of its own. */
async function asAdmin<T>(work: (client: pg.Client) => Promise<T>, admin?: pg.Client): Promise<T> {
  if (admin) return work(admin);
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of database `name` on the test server. */
export const urlOf = (name: string) => {
  const url = new URL(testPostgresUrl);
  url.pathname = `/${name}`;
  return url.href;
};

/**
 * A new database on the test server, named `<prefix>_<random>`: empty, or a copy of `template` (a
 * database no one is connected to), such as one already migrated. Copied file by file: PostgreSQL 15's
 * default writes every page of the copy to the write-ahead log, about three times the CPU for a
 * database of this size (0.21 s against 0.07 s of the server's CPU, and its drop 0.045 s against 0.013 s).
 */
export async function createPostgresDatabase(
  prefix: string,
  template?: string,
  admin?: pg.Client,
): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdmin(
    (client) =>
      client.query(`create database ${name}${template ? ` template ${template}` : ''} strategy file_copy`),
    admin,
  );
  return { name, url: urlOf(name) };
}

/**
 * Drops `name` with a plain DROP first, which also stops an autovacuum worker busy in it (a forced one
 * refuses: the worker is not this role's to end); only when a connection of a client is still open (a
 * killed server's) is it forced.
 */
async function drop(client: pg.Client, name: string): Promise<void> {
  try {
    await client.query(`drop database if exists ${name}`);
  } catch (error) {
    // 55006 object_in_use: "database ... is being accessed by other users".
    if ((error as { code?: string }).code !== '55006') throw error;
    await client.query(`drop database if exists ${name} with (force)`);
  }
}

/** Drops one database, ending the connections still open to it. */
export async function dropPostgresDatabase(name: string, admin?: pg.Client): Promise<void> {
  await asAdmin((client) => drop(client, name), admin);
}

/**
 * Drops every database named `<prefix>_...`, ending the connections still open to them (a killed server's,
 * or a test's that failed before it closed); returns how many.
 */
export async function dropPostgresDatabases(prefix: string): Promise<number> {
  return asAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${prefix}\\_%`],
    );
    for (const { datname } of rows) await drop(client, datname);
    return rows.length;
  });
}
