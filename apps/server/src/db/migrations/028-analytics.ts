import type { Kysely } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

const visitSourceColumns = [
  'visit_landing_path',
  'visit_referrer_host',
  'visit_utm_source',
  'visit_utm_medium',
  'visit_utm_campaign',
  'visit_utm_term',
  'visit_utm_content',
  'visit_language',
];

/**
 * First-party analytics (decision 066): the day's salt of the visitor hash (one row a day, shared by
 * the instances, deleted when the day is over), the raw page views, asset fetches and contact forms
 * started of the last 30 days, the requests left out by their headers, and the daily roll-up kept until a setting deletes it.
 * No table has a column for an IP address, a user agent or a cookie.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A form message's source: its sender's first page view of that day (deleted with the message).
  for (const column of visitSourceColumns)
    await db.schema.alterTable('messages').addColumn(column, 'text').execute();
  await db.schema
    .createTable('analytics_salts')
    .addColumn('day', 'text', (column) => column.primaryKey())
    .addColumn('salt', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('analytics_views')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('site_key', 'text', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    .addColumn('viewed_at', 'text', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('language', 'text', (column) => column.notNull())
    .addColumn('referrer_host', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('device', 'text', (column) => column.notNull())
    .addColumn('navigation', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('analytics_views_by_day')
    .on('analytics_views')
    .columns(['day', 'site_key', 'visitor'])
    .execute();
  await db.schema
    .createTable('analytics_asset_visitors')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('site_key', 'text', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_asset_visitors_key', ['day', 'site_key', 'visitor'])
    .execute();
  await db.schema
    .createTable('analytics_form_starts')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('site_key', 'text', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_form_starts_key', ['day', 'site_key', 'visitor'])
    .execute();
  await db.schema
    .createTable('analytics_left_out')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('site_key', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('requests', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_left_out_key', ['day', 'site_key', 'reason'])
    .execute();
  await db.schema
    .createTable('analytics_daily')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('site_key', 'text', (column) => column.notNull())
    .addColumn('dimension', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('visitors', 'integer', (column) => column.notNull())
    .addColumn('views', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_daily_key', ['day', 'site_key', 'dimension', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'analytics_daily',
    'analytics_left_out',
    'analytics_form_starts',
    'analytics_asset_visitors',
    'analytics_views',
    'analytics_salts',
  ])
    await db.schema.dropTable(table).execute();
  for (const column of visitSourceColumns)
    await db.schema.alterTable('messages').dropColumn(column).execute();
}
