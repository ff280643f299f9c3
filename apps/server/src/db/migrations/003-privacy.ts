import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('restricted', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('suppressions')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('suppressions').execute();
  await db.schema.alterTable('messages').dropColumn('restricted').execute();
}
