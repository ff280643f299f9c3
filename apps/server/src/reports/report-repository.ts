import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import type { OffsetSpan } from './report-range.js';

/** The conversations of a report: the messages received in [start, end) (ISO times), not spam, of a site. */
export type ReportScope = { start: string; end: string; spans: readonly OffsetSpan[]; siteKey?: string };

const count = (value: number | string | null) => Number(value ?? 0);

/**
 * What the reports read of the stored messages: counts and first-response times, never a message's
 * content. Every figure is one statement over the conversations received in the range, read from the
 * index that holds what a report counts (`messages_report`, migration 032), the same on SQLite and PostgreSQL. Values the report computes (the spans'
 * times and offsets) are written into the statement as literals, so a grouped expression reads the same
 * in the select and the group by.
 */
export function reportRepository(db: Db) {
  const postgres = databaseKind(db) === 'postgres';

  /**
   * The calendar day the zone's clocks showed at `received_at`: what the rows are grouped by (a date on
   * PostgreSQL, which groups it by hashing, not by sorting text), and the same as YYYY-MM-DD.
   */
  function localDay(spans: readonly OffsetSpan[]) {
    let offset = sql`${sql.lit(spans[0]!.offsetSeconds)}`;
    if (spans.length > 1)
      offset = sql`case ${sql.join(
        spans
          .slice(1)
          .toReversed()
          .map(
            ({ since, offsetSeconds }) =>
              sql`when received_at >= ${sql.lit(since)} then ${sql.lit(offsetSeconds)}`,
          ),
        sql` `,
      )} else ${offset} end`;
    if (!postgres) {
      const day = sql<string>`date(received_at, (${offset}) || ' seconds')`;
      return { group: day, text: day };
    }
    const day = sql`cast(cast(received_at as timestamp) + (${offset}) * interval '1 second' as date)`;
    return { group: day, text: sql<string>`cast(${day} as text)` };
  }

  const conversations = ({ start, end, siteKey }: ReportScope) =>
    db
      .selectFrom('messages')
      .where('received_at', '>=', start)
      .where('received_at', '<', end)
      .where('spam', '=', 0)
      .$if(siteKey !== undefined, (query) => query.where('site_key', '=', siteKey!));

  return {
    /**
     * Per day the zone's clocks showed: the conversations received, those answered, those waiting for a
     * first reply (new or read), those whose first reply was measured, and of them those within
     * `targetSeconds` of business time.
     */
    async days(scope: ReportScope, targetSeconds: number) {
      const day = localDay(scope.spans);
      const rows = await conversations(scope)
        .select((eb) => [
          day.text.as('day'),
          eb.fn.countAll<number | string>().as('conversations'),
          eb.fn.count<number | string>('first_reply_at').as('answered'),
          eb.fn
            .sum<number | string>(
              sql`case when first_reply_at is null and status in ('new', 'read') then 1 else 0 end`,
            )
            .as('waiting'),
          eb.fn.count<number | string>('first_response_business_s').as('measured'),
          eb.fn
            .sum<number | string>(
              sql`case when first_response_business_s <= ${sql.lit(targetSeconds)} then 1 else 0 end`,
            )
            .as('within_target'),
        ])
        .groupBy(day.group)
        .execute();
      return rows.map((row) => ({
        day: row.day,
        conversations: count(row.conversations),
        answered: count(row.answered),
        waiting: count(row.waiting),
        measured: count(row.measured),
        withinTarget: count(row.within_target),
      }));
    },

    /**
     * Conversations per site, language and operator who sent the first reply (null: not answered): one
     * read of the range, which the caller sums per site, per language and per operator.
     */
    async groups(scope: ReportScope) {
      const rows = await conversations(scope)
        .select((eb) => [
          'site_key',
          'language',
          'first_reply_by',
          eb.fn.countAll<number | string>().as('conversations'),
        ])
        .groupBy(['site_key', 'language', 'first_reply_by'])
        .execute();
      return rows.map((row) => ({ ...row, conversations: count(row.conversations) }));
    },

    /** The address and name of each of these operators. */
    operators: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('operators')
            .select(['id', 'email', 'name'])
            .where('id', 'in', [...ids])
            .execute(),

    /**
     * The measured first-response times at the given ranks (1 the shortest), in seconds: one sort of the
     * range's times, numbered by row_number(), which both databases count alike.
     */
    async timesAtRanks(
      scope: ReportScope,
      column: 'first_response_business_s' | 'first_response_wall_s',
      ranks: readonly number[],
    ): Promise<Map<number, number>> {
      if (ranks.length === 0) return new Map();
      const ranked = conversations(scope)
        .select([
          `${column} as seconds`,
          sql<number | string>`row_number() over (order by ${sql.ref(column)})`.as('rank'),
        ])
        .where(column, 'is not', null)
        .as('ranked');
      const rows = await db
        .selectFrom(ranked)
        .select(['ranked.seconds', 'ranked.rank'])
        .where('ranked.rank', 'in', [...ranks])
        .execute();
      return new Map(rows.map((row) => [count(row.rank), count(row.seconds)]));
    },
  };
}
