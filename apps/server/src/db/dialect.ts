import { type Kysely, PostgresAdapter } from 'kysely';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Which database `db` (or a transaction on it) talks to, for the few statements the two spell differently. */
export const databaseKind = <T>(db: Kysely<T>): DatabaseKind =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
