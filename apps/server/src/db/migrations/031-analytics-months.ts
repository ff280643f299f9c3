import type { Kysely } from 'kysely';

/**
 * The dashboard reads any period of years within 200 ms (decision 069): the figures of each month that
 * is over, summed once from the daily roll-up, so a long period adds up a few rows a month instead of a
 * few hundred a day; the days' `total` rows (the days rolled up, and the series over time) found by
 * an index of the dimension and the day instead of a scan of every dimension's rows; and the days
 * outside whole months summed from an index that holds every column the sums read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_monthly')
    .addColumn('month', 'text', (column) => column.notNull())
    .addColumn('site_key', 'text', (column) => column.notNull())
    .addColumn('dimension', 'text', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('visitors', 'integer', (column) => column.notNull())
    .addColumn('views', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('analytics_monthly_key', ['month', 'site_key', 'dimension', 'value'])
    .execute();
  await db.schema
    .createIndex('analytics_daily_by_dimension')
    .on('analytics_daily')
    .columns(['dimension', 'day', 'site_key', 'visitors', 'views'])
    .execute();
  // The days at the ends of a period, summed per dimension and value, from the index alone.
  await db.schema
    .createIndex('analytics_daily_sums')
    .on('analytics_daily')
    .columns(['day', 'dimension', 'value', 'site_key', 'visitors', 'views'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('analytics_daily_sums').execute();
  await db.schema.dropIndex('analytics_daily_by_dimension').execute();
  await db.schema.dropTable('analytics_monthly').execute();
}
