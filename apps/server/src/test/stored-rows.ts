import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { TestStorage } from './test-storage.js';

type Row = Record<string, unknown>;

/** SQLite's `?` placeholders in PostgreSQL's spelling, `$1`, `$2`, ... */
const numbered = (query: string) => {
  let index = 0;
  return query.replace(/\?/g, () => `$${++index}`);
};

/**
 * Runs one statement straight on the test's database, as an operator or a second process would: on the
 * SQLite file in DATA_DIR, or over a connection of its own to PostgreSQL.
 */
async function run(storage: TestStorage, query: string, params: unknown[]): Promise<Row[]> {
  const url = storage.settings.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(numbered(query), params)).rows as Row[];
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(join(storage.dataDir, 'site.db'));
  try {
    const statement = db.prepare(query);
    return statement.reader ? (statement.all(...params) as Row[]) : (statement.run(...params), []);
  } finally {
    db.close();
  }
}

/** The rows a query returns. */
export const readRows = (storage: TestStorage, query: string, ...params: unknown[]) =>
  run(storage, query, params);

/** Changes the database directly, to set up a state the API cannot make (old dates, failed notifications). */
export const writeRows = async (storage: TestStorage, statement: string, ...params: unknown[]) => {
  await run(storage, statement, params);
};
