import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('kind', 'text', (column) => column.notNull().defaultTo('notification'))
    .execute();
  await db.schema
    .createTable('marketing_consents')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('requested_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  await db.schema
    .createIndex('marketing_consents_message')
    .on('marketing_consents')
    .column('message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('marketing_consents').execute();
  await db.schema.alterTable('outbox').dropColumn('kind').execute();
}
