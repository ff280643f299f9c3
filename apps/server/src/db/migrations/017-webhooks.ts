import { type Kysely, sql } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

/**
 * Webhooks: the endpoints the company's systems listen at, and one delivery row per event and
 * endpoint, queued in the transaction that stores its message and leased like the outbox. A delivery
 * goes with its message (erasure, retention) and with its endpoint.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .$call(autoIncrementKey(db, 'id'))
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('events', 'text', (column) => column.notNull())
    .addColumn('site_keys', 'text', (column) => column.notNull())
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('from_settings', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  // One endpoint from the settings, however many instances write it at the same start.
  await db.schema
    .createIndex('webhook_endpoints_one_from_settings')
    .on('webhook_endpoints')
    .column('from_settings')
    .unique()
    .where(sql.ref('from_settings'), '=', 1)
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('webhook_id', 'text', (column) => column.notNull().unique())
    .addColumn('endpoint_id', 'integer', (column) =>
      column.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('reply_seq', 'integer')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('queued_at', 'text', (column) => column.notNull())
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('response_snippet', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_message')
    .on('webhook_deliveries')
    .columns(['message_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
