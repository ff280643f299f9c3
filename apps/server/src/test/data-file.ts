import { join } from 'node:path';
import SQLite from 'better-sqlite3';

/** Runs one statement straight on the SQLite file in `dataDir`, as an operator or a second process would. */
function withFile<T>(dataDir: string, readonly: boolean, use: (db: SQLite.Database) => T): T {
  const db = new SQLite(join(dataDir, 'site.db'), { readonly });
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** The rows a query returns, read from the file. */
export const readRows = (dataDir: string, query: string, ...params: unknown[]) =>
  withFile(dataDir, true, (db) => db.prepare(query).all(...params) as Record<string, unknown>[]);

/** Changes the file directly, to set up a state the API cannot make (old dates, failed notifications). */
export const writeRows = (dataDir: string, statement: string) =>
  withFile(dataDir, false, (db) => db.prepare(statement).run());
