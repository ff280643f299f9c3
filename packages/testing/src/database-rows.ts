import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** Where a server's data is: PostgreSQL when `databaseUrl` is set, else SQLite's file in `dataDir`. */
export type DatabasePlace = { databaseUrl?: string | undefined; dataDir: string };

/** SQLite's `?` placeholders in PostgreSQL's spelling, `$1`, `$2`, ... */
const numbered = (query: string) => {
  let index = 0;
  return query.replace(/\?/g, () => `$${++index}`);
};

/** Runs one statement, written with SQLite's placeholders, on a PostgreSQL connection: the rows it returns. */
export const postgresRows = async (client: pg.ClientBase, query: string, params: readonly unknown[] = []) =>
  (await client.query(numbered(query), [...params])).rows as Row[];

/**
 * Runs one statement straight on a server's database, as an operator or a second process would: over a
 * connection of its own to PostgreSQL, or on the SQLite file (read-only with `readonly`). The rows it
 * returns; none for a statement that returns none.
 */
export async function databaseRows(
  place: DatabasePlace,
  query: string,
  params: readonly unknown[] = [],
  { readonly = false } = {},
): Promise<Row[]> {
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      return await postgresRows(client, query, params);
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(join(place.dataDir, 'site.db'), { readonly });
  try {
    const statement = db.prepare(query);
    return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), []);
  } finally {
    db.close();
  }
}
