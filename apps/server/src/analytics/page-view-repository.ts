import { utmFields } from '@site/api-contract';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AnalyticsViewsTable } from '../db/types.js';

export type StoredView = Insertable<AnalyticsViewsTable>;
export type RawView = Omit<Selectable<AnalyticsViewsTable>, 'seq' | 'day' | 'site_key'>;

/** What a view says of where its visitor came from: its page, language, referrer and campaign. */
const sourceFields = ['path', 'language', 'referrer_host', ...utmFields] as const;

/** PostgreSQL takes at most 65,535 parameters a statement: 16 columns a view. */
const VIEWS_PER_INSERT = 1_000;

/** Tables of the visitors of a day who did one thing: fetched an asset, started the contact form. */
export type VisitorSet = 'analytics_asset_visitors' | 'analytics_form_starts';
type VisitorRow = { day: string; site_key: string; visitor: string };

/**
 * The raw analytics of the last 30 days: page views, visitors who fetched assets or started the form,
 * requests left out.
 */
export function pageViewRepository(db: Db) {
  return {
    /** Writes views, visitor sets and left-out counts in one transaction. */
    async write(
      views: readonly StoredView[],
      visitorSets: Record<VisitorSet, readonly VisitorRow[]>,
      leftOut: readonly { day: string; site_key: string; reason: string; requests: number }[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < views.length; start += VIEWS_PER_INSERT)
          await trx
            .insertInto('analytics_views')
            .values(views.slice(start, start + VIEWS_PER_INSERT))
            .execute();
        for (const [table, rows] of Object.entries(visitorSets) as [VisitorSet, VisitorRow[]][])
          if (rows.length > 0)
            await trx
              .insertInto(table)
              .values(rows)
              .onConflict((conflict) => conflict.columns(['day', 'site_key', 'visitor']).doNothing())
              .execute();
        if (leftOut.length > 0)
          await trx
            .insertInto('analytics_left_out')
            .values([...leftOut])
            .onConflict((conflict) =>
              conflict.columns(['day', 'site_key', 'reason']).doUpdateSet((eb) => ({
                requests: eb(eb.ref('analytics_left_out.requests'), '+', eb.ref('excluded.requests')),
              })),
            )
            .execute();
      });
    },

    /** The sites with raw views or left-out requests on each day of [from, to]. */
    async sitesByDay(from: string, to: string): Promise<{ day: string; site_key: string }[]> {
      const views = db
        .selectFrom('analytics_views')
        .select(['day', 'site_key'])
        .where('day', '>=', from)
        .where('day', '<=', to);
      const leftOut = db
        .selectFrom('analytics_left_out')
        .select(['day', 'site_key'])
        .where('day', '>=', from)
        .where('day', '<=', to);
      return views.union(leftOut).orderBy('day').execute();
    },

    /** One site's raw views of a day, each visitor's in the order they were seen. */
    async viewsOf(day: string, siteKey: string): Promise<RawView[]> {
      return db
        .selectFrom('analytics_views')
        .select(['visitor', 'viewed_at', ...sourceFields, 'device', 'navigation', 'country'])
        .where('day', '=', day)
        .where('site_key', '=', siteKey)
        .orderBy('visitor')
        .orderBy('viewed_at')
        .execute();
    },

    /** A visitor's first view of a day, the landing page of their visit; undefined without one. */
    async firstViewOf(day: string, siteKey: string, visitor: string) {
      return db
        .selectFrom('analytics_views')
        .select(sourceFields)
        .where('day', '=', day)
        .where('site_key', '=', siteKey)
        .where('visitor', '=', visitor)
        .orderBy('viewed_at')
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst();
    },

    async visitorsOf(table: VisitorSet, day: string, siteKey: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom(table)
        .select('visitor')
        .where('day', '=', day)
        .where('site_key', '=', siteKey)
        .execute();
      return new Set(rows.map((row) => row.visitor));
    },

    async leftOutOf(day: string, siteKey: string): Promise<{ reason: string; requests: number }[]> {
      return db
        .selectFrom('analytics_left_out')
        .select(['reason', 'requests'])
        .where('day', '=', day)
        .where('site_key', '=', siteKey)
        .execute();
    },

    /** Retention: deletes the raw rows of the days before `day`. */
    async deleteBefore(day: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let deleted = 0;
        for (const table of [
          'analytics_views',
          'analytics_asset_visitors',
          'analytics_form_starts',
          'analytics_left_out',
        ] as const) {
          const result = await trx.deleteFrom(table).where('day', '<', day).executeTakeFirst();
          deleted += Number(result.numDeletedRows);
        }
        return deleted;
      });
    },
  };
}

export type PageViewRepository = ReturnType<typeof pageViewRepository>;
