import type { Kysely } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('messages')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('id', 'text', (column) => column.notNull().unique())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('marketing_consent', 'integer', (column) => column.notNull())
    .addColumn('consent_at', 'text')
    .addColumn('site_key', 'text', (column) => column.notNull())
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('user_agent', 'text', (column) => column.notNull())
    .addColumn('received_at', 'text', (column) => column.notNull())
    .addColumn('spam', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('messages_ip_received').on('messages').columns(['ip', 'received_at']).execute();
  await db.schema.createIndex('messages_email').on('messages').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
}
