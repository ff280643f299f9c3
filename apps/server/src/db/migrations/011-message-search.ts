import { type Kysely, sql } from 'kysely';
import { databaseKind } from '../dialect.js';
import { searchTable, searchVector, searchedText } from '../search-index.js';
import type { Flag } from '../types.js';

const views: Flag[] = [0, 1];

/**
 * The views' indexes replace those of 007 and 008 and hold `received_at`, so a date filter is checked in
 * the index: a page of messages before a date a year ago no longer reads the year of rows after it.
 */
async function viewIndexes(db: Kysely<unknown>) {
  await db.schema.dropIndex('messages_inbox').execute();
  await db.schema.dropIndex('messages_spam_seq').execute();
  const index = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('messages').columns(columns).execute();
  await index('messages_view', ['spam', 'seq', 'received_at']);
  await index('messages_view_status', ['spam', 'status', 'seq', 'received_at']);
  await index('messages_view_site', ['site_key', 'spam', 'seq', 'received_at']);
}

/**
 * SQLite: a contentless FTS5 table per view, numbered by the message's seq, kept in step by triggers
 * in whatever transaction changes a message. Contentless, so the text is not stored twice; the triggers
 * hand its old words to 'delete', and secure-delete takes them out of the index at once instead of
 * leaving them behind a delete marker until a merge, so an erased message's words leave the file.
 * Prefixes of up to three letters are indexed too: FTS5 answers a prefix it has not indexed by merging
 * the lists of every word that starts with it, which took "b" 790 ms among 900,000 spam messages.
 */
async function sqliteSearch(db: Kysely<unknown>, spam: Flag) {
  const table = sql.table(searchTable(spam));
  const add = (row: string) =>
    sql`insert into ${table}(rowid, text) select ${sql.raw(`${row}seq`)}, ${searchedText(row)} where ${sql.raw(`${row}spam`)} = ${sql.lit(spam)};`;
  const remove = (row: string) =>
    sql`insert into ${table}(${table}, rowid, text) select 'delete', ${sql.raw(`${row}seq`)}, ${searchedText(row)} where ${sql.raw(`${row}spam`)} = ${sql.lit(spam)};`;
  const trigger = (event: string) => sql.id(`${searchTable(spam)}_${event}`);

  await sql`create virtual table ${table} using fts5(text, content = '', columnsize = 0, prefix = '1 2 3',
    tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
  await sql`insert into ${table}(${table}, rank) values ('secure-delete', 1)`.execute(db);
  await sql`insert into ${table}(rowid, text) select seq, ${searchedText()} from messages where spam = ${sql.lit(spam)}`.execute(
    db,
  );
  await sql`create trigger ${trigger('insert')} after insert on messages begin ${add('new.')} end`.execute(
    db,
  );
  await sql`create trigger ${trigger('delete')} after delete on messages begin ${remove('old.')} end`.execute(
    db,
  );
  await sql`create trigger ${trigger('update')} after update of name, email, subject, message, restricted, spam
    on messages begin ${remove('old.')} ${add('new.')} end`.execute(db);
}

/**
 * Full-text search of the messages, an index for each view, and a first page of every view without
 * reading the rows it skips (decision 025).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await viewIndexes(db);
  for (const spam of views) {
    if (databaseKind(db) === 'postgres')
      await sql`create index ${sql.id(`messages_${searchTable(spam)}`)} on messages using gin (${searchVector(spam)})`.execute(
        db,
      );
    else await sqliteSearch(db, spam);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const spam of views) {
    if (databaseKind(db) === 'postgres') await db.schema.dropIndex(`messages_${searchTable(spam)}`).execute();
    else {
      for (const event of ['insert', 'delete', 'update'])
        await sql`drop trigger ${sql.id(`${searchTable(spam)}_${event}`)}`.execute(db);
      await sql`drop table ${sql.table(searchTable(spam))}`.execute(db);
    }
  }
  for (const name of ['messages_view', 'messages_view_status', 'messages_view_site'])
    await db.schema.dropIndex(name).execute();
  await db.schema.createIndex('messages_inbox').on('messages').columns(['spam', 'status', 'seq']).execute();
  await db.schema.createIndex('messages_spam_seq').on('messages').columns(['spam', 'seq']).execute();
}
