import type { Kysely } from 'kysely';

/**
 * The acknowledgement mail goes to an address at most once in 24 hours, decided in the database so that
 * instances sharing it agree (decision 063c): one row per address, as a keyed hash of it, with when it
 * was last acknowledged. Its unique key is what makes two instances' claims on one address one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('acknowledged_senders')
    .addColumn('sender_key', 'text', (column) => column.primaryKey())
    .addColumn('acknowledged_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('acknowledged_senders_at')
    .on('acknowledged_senders')
    .column('acknowledged_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acknowledged_senders').execute();
}
