import type { Kysely } from 'kysely';

/**
 * The language of the page a message was sent from (BCP 47, `en` or `el`), so it is answered in it;
 * messages stored before the site had two languages, and mails, are English until an operator knows
 * better.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('language', 'text', (column) => column.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('language').execute();
}
