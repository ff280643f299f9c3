import type { CreateTableBuilder, Kysely } from 'kysely';
import { databaseKind } from '../dialect.js';

/** An integer primary key the database numbers: SQLite's autoincrement, PostgreSQL's serial. */
export const autoIncrementKey =
  (db: Kysely<unknown>, name: string) =>
  <T extends string>(table: CreateTableBuilder<T, never>) =>
    databaseKind(db) === 'postgres'
      ? table.addColumn(name, 'serial', (column) => column.primaryKey())
      : table.addColumn(name, 'integer', (column) => column.primaryKey().autoIncrement());
