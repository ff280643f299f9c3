import type { Kysely } from 'kysely';

/**
 * Where a message stands in the company's inbox: new until someone opens it, then read, answered or
 * archived. Spam stays the honeypot's flag, which staff may also set or clear. The index serves the
 * inbox's newest-first pages of one status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
    .execute();
  await db.schema.createIndex('messages_inbox').on('messages').columns(['spam', 'status', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_inbox').execute();
  await db.schema.alterTable('messages').dropColumn('status').execute();
}
