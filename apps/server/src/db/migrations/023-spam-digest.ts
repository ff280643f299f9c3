import type { Kysely } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

/**
 * The daily spam digest (decision 040): one row a digest day, its unique key, so that several instances
 * on one database queue it once; leased and retried like the outbox. Each message keeps when a person
 * was first shown it (a sent digest listed it, an operator opened it): spam retention deletes only
 * spam someone has seen. Spam stored before stays unshown, so it is kept until someone opens it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('shown_at', 'text').execute();
  await db.schema
    .createTable('spam_digests')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('day', 'text', (column) => column.notNull().unique())
    .addColumn('window_start', 'text', (column) => column.notNull())
    .addColumn('window_end', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('listed', 'integer')
    .addColumn('message_ids', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spam_digests').execute();
  await db.schema.alterTable('messages').dropColumn('shown_at').execute();
}
