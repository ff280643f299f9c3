import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Storage } from './storage.ts';

type Row = Record<string, unknown>;

/** SQLite's `?` placeholders in PostgreSQL's spelling, `$1`, `$2`, ... */
const numbered = (query: string) => {
  let index = 0;
  return query.replace(/\?/g, () => `$${++index}`);
};

/**
 * The rows a query returns, read straight from the storage the servers share, as a second process
 * reads it: a connection of its own to PostgreSQL, or SQLite's file in DATA_DIR opened read-only. Far
 * cheaper than starting an operator command, so a test can look as often as it waits.
 */
export async function faultRows(storage: Storage, query: string, ...params: unknown[]): Promise<Row[]> {
  const url = storage.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(numbered(query), params)).rows as Row[];
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(join(storage.env.DATA_DIR!, 'site.db'), { readonly: true });
  try {
    return db.prepare(query).all(...params) as Row[];
  } finally {
    db.close();
  }
}

/** Polls `read` every 50 ms until `done` holds of what it read, or `timeoutMs` ran out; the last read. */
export async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
