import type { Kysely } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

/**
 * The weekly analytics mail to the company: one row a week, claimed and leased like the outbox; the day
 * it is sent is unique, so instances sharing the database queue it once. A page view's country, looked
 * up in a local database when one is set (the address itself is never stored).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analytics_views').addColumn('country', 'text').execute();
  await db.schema
    .createTable('analytics_weekly_mails')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('week', 'text', (column) => column.notNull().unique())
    .addColumn('period_start', 'text', (column) => column.notNull())
    .addColumn('period_end', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('analytics_weekly_mails_due')
    .on('analytics_weekly_mails')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_weekly_mails').execute();
  await db.schema.alterTable('analytics_views').dropColumn('country').execute();
}
