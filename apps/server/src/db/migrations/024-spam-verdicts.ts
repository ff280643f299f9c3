import { type Kysely, sql } from 'kysely';

/**
 * Each message keeps the spam filter's verdict in three bands (`not-spam`, `possibly-spam`, `spam`) and,
 * apart from it, an operator's Spam / Not spam mark (null until one is made): what it shows is the mark,
 * otherwise the verdict. `spam` stays the flag the views are indexed by (the verdict shown is spam).
 * Messages stored before keep their flag as their verdict, and what an operator taught the filter with
 * them as their mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('spam_verdict', 'text', (column) => column.notNull().defaultTo('not-spam'))
    .execute();
  await db.schema.alterTable('messages').addColumn('spam_mark', 'text').execute();
  await sql`update messages set spam_verdict = 'spam' where spam = 1`.execute(db);
  await sql`update messages set spam_mark = case trained_as when 'ham' then 'not-spam' else 'spam' end
    where trained_as is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('spam_mark').execute();
  await db.schema.alterTable('messages').dropColumn('spam_verdict').execute();
}
