import type { Kysely } from 'kysely';

/**
 * What an operator's Spam / Not spam mark taught the filter is kept with the message as a number of
 * messages, so taking the mark back takes back exactly that. Marks made before taught one message each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('trained_weight', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('trained_weight').execute();
}
