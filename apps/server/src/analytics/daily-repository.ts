import type { Db } from '../db/database.js';
import type { AnalyticsDailyTable } from '../db/types.js';

export type DailyRow = AnalyticsDailyTable;
/** A day's `total` row of one site: its visitors and page views. */
export type DayTotal = Omit<DailyRow, 'dimension' | 'value'>;
/** A dimension's value with its visitors and views added up over days. */
export type DimensionSum = Omit<DailyRow, 'day' | 'site_key'>;

/** The daily roll-up: the figures of days that are over, kept until ANALYTICS_RETENTION_DAYS deletes them. */
export function dailyRepository(db: Db) {
  return {
    /**
     * Stores the figures of a day; an instance that rolled the same day up first wrote the same rows, so
     * a row already there is kept.
     */
    async insert(rows: readonly DailyRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 5_000)
        await db
          .insertInto('analytics_daily')
          .values(rows.slice(start, start + 5_000))
          .onConflict((conflict) => conflict.columns(['day', 'site_key', 'dimension', 'value']).doNothing())
          .execute();
    },

    /**
     * The `total` row of each day of [from, to] already rolled up, per site (of one site, given one):
     * every rolled-up day has one, so these are the days rolled up, and the visitors and views of each.
     */
    async rolledDays(from: string, to: string, siteKey?: string): Promise<DayTotal[]> {
      let query = db
        .selectFrom('analytics_daily')
        .select(['day', 'site_key', 'visitors', 'views'])
        .where('dimension', '=', 'total')
        .where('day', '>=', from)
        .where('day', '<=', to);
      if (siteKey !== undefined) query = query.where('site_key', '=', siteKey);
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, visitors: Number(row.visitors), views: Number(row.views) }));
    },

    /**
     * The stored figures of [from, to] but the totals, summed over the days (and sites) per dimension and
     * value, of one site or of all: the database adds up years of days, the server gets a few hundred rows.
     */
    async sumsOf(from: string, to: string, siteKey?: string): Promise<DimensionSum[]> {
      let query = db
        .selectFrom('analytics_daily')
        .select((eb) => [
          'dimension',
          'value',
          eb.fn.sum<number | string>('visitors').as('visitors'),
          eb.fn.sum<number | string>('views').as('views'),
        ])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('dimension', '<>', 'total')
        .groupBy(['dimension', 'value']);
      if (siteKey !== undefined) query = query.where('site_key', '=', siteKey);
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, visitors: Number(row.visitors), views: Number(row.views) }));
    },

    /**
     * The months of [from, to] (YYYY-MM) with daily figures stored: those of their days' `total` rows,
     * which the index of the dimension and the day finds without reading the other rows.
     */
    async monthsWithDays(from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectFrom('analytics_daily')
        .select((eb) => eb.fn<string>('substr', ['day', eb.val(1), eb.val(7)]).as('month'))
        .distinct()
        .where('dimension', '=', 'total')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      return rows.map((row) => row.month);
    },

    /** The months of [from, to] (YYYY-MM) already summed. */
    async summedMonths(from: string, to: string): Promise<string[]> {
      const rows = await db
        .selectFrom('analytics_monthly')
        .select('month')
        .distinct()
        .where('month', '>=', from)
        .where('month', '<=', to)
        .execute();
      return rows.map((row) => row.month);
    },

    /**
     * Sums the daily figures of `month` (YYYY-MM, a month that is over), but the totals, per site,
     * dimension and value. Two instances summing one month write the same rows; one of each is kept.
     */
    async sumMonth(month: string): Promise<void> {
      await db
        .insertInto('analytics_monthly')
        .columns(['month', 'site_key', 'dimension', 'value', 'visitors', 'views'])
        .expression((eb) =>
          eb
            .selectFrom('analytics_daily')
            .select((inner) => [
              inner.val(month).as('month'),
              'site_key',
              'dimension',
              'value',
              inner.fn.sum<number>('visitors').as('visitors'),
              inner.fn.sum<number>('views').as('views'),
            ])
            .where('day', '>=', `${month}-01`)
            .where('day', '<=', `${month}-31`)
            .where('dimension', '<>', 'total')
            .groupBy(['site_key', 'dimension', 'value']),
        )
        .onConflict((conflict) => conflict.columns(['month', 'site_key', 'dimension', 'value']).doNothing())
        .execute();
    },

    /** The summed figures of `months`, but the totals, added up per dimension and value (of one site or all). */
    async monthSumsOf(months: readonly string[], siteKey?: string): Promise<DimensionSum[]> {
      if (months.length === 0) return [];
      let query = db
        .selectFrom('analytics_monthly')
        .select((eb) => [
          'dimension',
          'value',
          eb.fn.sum<number | string>('visitors').as('visitors'),
          eb.fn.sum<number | string>('views').as('views'),
        ])
        .where('month', 'in', months)
        .groupBy(['dimension', 'value']);
      if (siteKey !== undefined) query = query.where('site_key', '=', siteKey);
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, visitors: Number(row.visitors), views: Number(row.views) }));
    },

    /** Retention: deletes the sums of the months before `month` (YYYY-MM). */
    async deleteMonthsBefore(month: string): Promise<number> {
      const result = await db.deleteFrom('analytics_monthly').where('month', '<', month).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Retention: deletes the figures of the days before `day`. */
    async deleteBefore(day: string): Promise<number> {
      const result = await db.deleteFrom('analytics_daily').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type DailyRepository = ReturnType<typeof dailyRepository>;
