import type { Db } from '../db/database.js';
import type { AnalyticsDailyTable } from '../db/types.js';

export type DailyRow = AnalyticsDailyTable;

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

    /** The days of [from, to] already rolled up, per site: every rolled-up day has its `total` row. */
    async rolledDays(from: string, to: string): Promise<{ day: string; site_key: string }[]> {
      return db
        .selectFrom('analytics_daily')
        .select(['day', 'site_key'])
        .where('dimension', '=', 'total')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
    },

    /** The stored figures of [from, to], of one site or of all. */
    async rowsOf(from: string, to: string, siteKey?: string): Promise<DailyRow[]> {
      let query = db
        .selectFrom('analytics_daily')
        .selectAll()
        .where('day', '>=', from)
        .where('day', '<=', to);
      if (siteKey !== undefined) query = query.where('site_key', '=', siteKey);
      return query.execute();
    },

    /** Retention: deletes the figures of the days before `day`. */
    async deleteBefore(day: string): Promise<number> {
      const result = await db.deleteFrom('analytics_daily').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type DailyRepository = ReturnType<typeof dailyRepository>;
