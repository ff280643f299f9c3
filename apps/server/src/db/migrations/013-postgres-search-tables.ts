import { type Kysely, sql } from 'kysely';
import { databaseKind } from '../dialect.js';
import { searchTable, searchVector, searchWords, searchWordsFunction } from '../search-index.js';
import type { Flag } from '../types.js';

const views: Flag[] = [0, 1];

/**
 * Words counted per table for the planner's statistics: enough that a word it has not counted is rare,
 * and it looks such a word up in the GIN index instead of reading the table backwards for it.
 */
const STATISTICS_TARGET = 10_000;

/** The trigger function that keeps a message's words in its view's search table. */
const syncFunction = sql`create function messages_search_sync() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    if old.spam = 1 then delete from ${sql.table(searchTable(1))} where seq = old.seq;
    else delete from ${sql.table(searchTable(0))} where seq = old.seq;
    end if;
  end if;
  if tg_op <> 'DELETE' then
    if new.spam = 1 then insert into ${sql.table(searchTable(1))} (seq, words) values (new.seq, ${searchWords('new.')});
    else insert into ${sql.table(searchTable(0))} (seq, words) values (new.seq, ${searchWords('new.')});
    end if;
  end if;
  return null;
end
$$`;

const searchedColumns = ['name', 'email', 'subject', 'message', 'restricted', 'spam'];
const columnsOf = (row: string) => sql.raw(searchedColumns.map((column) => `${row}.${column}`).join(', '));

/**
 * PostgreSQL's search (decision 027): each view's words stored in a table of its own, kept in step by
 * triggers in whatever transaction changes a message, as SQLite's FTS5 tables are, instead of GIN
 * indexes on an expression of the messages' columns, which every check of a row computed again. SQLite
 * keeps migration 011's tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await searchWordsFunction.execute(db);
  for (const spam of views) {
    const table = searchTable(spam);
    await db.schema.dropIndex(`messages_${table}`).execute();
    await db.schema
      .createTable(table)
      .addColumn('seq', 'integer', (column) => column.primaryKey())
      .addColumn('words', sql`tsvector`, (column) => column.notNull())
      .execute();
    await sql`insert into ${sql.table(table)} (seq, words) select seq, ${searchWords()} from messages where spam = ${sql.lit(spam)}`.execute(
      db,
    );
    await sql`create index ${sql.id(`${table}_words`)} on ${sql.table(table)} using gin (words)`.execute(db);
    await sql`alter table ${sql.table(table)} alter column words set statistics ${sql.lit(STATISTICS_TARGET)}`.execute(
      db,
    );
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
  await syncFunction.execute(db);
  await sql`create trigger messages_search_insert_delete after insert or delete on messages
    for each row execute function messages_search_sync()`.execute(db);
  await sql`create trigger messages_search_update after update of ${sql.raw(searchedColumns.join(', '))} on messages
    for each row when ((${columnsOf('old')}) is distinct from (${columnsOf('new')}))
    execute function messages_search_sync()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await sql`drop trigger messages_search_update on messages`.execute(db);
  await sql`drop trigger messages_search_insert_delete on messages`.execute(db);
  await sql`drop function messages_search_sync()`.execute(db);
  for (const spam of views) {
    await db.schema.dropTable(searchTable(spam)).execute();
    await sql`create index ${sql.id(`messages_${searchTable(spam)}`)} on messages using gin (${searchVector(spam)})`.execute(
      db,
    );
  }
  await sql`drop function message_search_words(text)`.execute(db);
}
