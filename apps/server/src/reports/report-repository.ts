import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import type { ReportDay } from './report-range.js';

/** The conversations of a report: the messages received in [start, end) (ISO times), not spam, of a site. */
export type ReportScope = { start: string; end: string; days: readonly ReportDay[]; siteKey?: string };

/** The shares of the measured first-response times the report gives, in percent. */
const MEDIAN = 50;
const P90 = 90;

/** Nearest rank: the 1-based rank of the smallest value at or above `percent` % of `count` values. */
const nearestRank = (percent: number, count: number) => Math.ceil((percent * count) / 100);

/** The median and 90th percentile of a first-response time, in seconds (null: none measured). */
export type Percentiles = { median: number | null; p90: number | null };

/**
 * The PostgreSQL settings of a report's transaction (decision 074): the covering index, never the
 * table nor a bitmap of it; no JIT (the days' join is costed far above `jit_above_cost` and compiled
 * for tens of milliseconds); no parallel workers (a range of 100,000 index entries reads faster than
 * they start on a busy machine).
 */
const REPORT_SETTINGS = {
  enable_seqscan: 'off',
  enable_bitmapscan: 'off',
  jit: 'off',
  max_parallel_workers_per_gather: '0',
};

/** A row of the days a report's statement reads: the day, and the instants it starts and ends at. */
type ReportDayRow = { day: string; starts: string; ends: string };

/** A percentile_disc over an array of shares: the value at each. */
type Times = number[] | null;

const count = (value: number | string | null) => Number(value ?? 0);

/**
 * What the reports read of the stored messages: counts and first-response times, never a message's
 * content. Every figure is one statement over the conversations received in the range, read from the
 * index that holds what a report counts (`messages_report`, migration 032), the same on SQLite and
 * PostgreSQL but for the percentiles (decisions 070 and 074). Values the report computes (its days' instants) are
 * written into the statement as literals.
 */
export function reportRepository(db: Db) {
  const postgres = databaseKind(db) === 'postgres';

  return {
    /**
     * Runs `work` on the report's statements. On PostgreSQL in one transaction that reads the covering
     * index and never the table: the planner prices a range of most of the table as cheaper read from
     * the table (its model has no cost for taking the last columns of wide rows), which took several
     * times the CPU (decision 074).
     */
    read<T>(work: (reads: ReportReads) => Promise<T>): Promise<T> {
      if (!postgres) return work(reportReads(db, false));
      return db.transaction().execute(async (trx) => {
        await sql`select ${sql.join(
          Object.entries(REPORT_SETTINGS).map(([name, value]) => sql`set_config(${name}, ${value}, true)`),
        )}`.execute(trx);
        return work(reportReads(trx, true));
      });
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
  };
}

/** The report's statements on `db` (a transaction on PostgreSQL). */
function reportReads(db: Db, postgres: boolean) {
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
      // The days as a table of literals, each read as one range of the index: no time is converted per row.
      const reportDays = sql<ReportDayRow>`(values ${sql.join(
        scope.days.map(({ day, start, end }) => sql`(${sql.lit(day)}, ${sql.lit(start)}, ${sql.lit(end)})`),
      )})`;
      const rows = await db
        .with('report_days(day, starts, ends)', () => reportDays)
        .selectFrom('report_days')
        .innerJoin('messages', (join) =>
          join
            .onRef('messages.received_at', '>=', 'report_days.starts')
            .onRef('messages.received_at', '<', 'report_days.ends'),
        )
        .where('messages.spam', '=', 0)
        .$if(scope.siteKey !== undefined, (query) => query.where('messages.site_key', '=', scope.siteKey!))
        .select((eb) => [
          'report_days.day',
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
        .groupBy('report_days.day')
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

    /**
     * The median and 90th percentile of the measured first-response times, business and wall clock, by
     * nearest rank. PostgreSQL's percentile_disc is that rank (`ceil(p × n)`, the same integer as
     * nearestRank's for any count below 2^50) and sorts the range's times once per measure in one read;
     * SQLite has no percentile function, so there each measure is one sort numbered by row_number().
     */
    async percentiles(
      scope: ReportScope,
      measured: number,
    ): Promise<{ business: Percentiles; wall: Percentiles }> {
      if (postgres) {
        const shares = sql.lit(`{${MEDIAN / 100},${P90 / 100}}`);
        const at = (column: 'first_response_business_s' | 'first_response_wall_s') =>
          sql<Times>`percentile_disc(cast(${shares} as float8[])) within group (order by ${sql.ref(column)})`;
        const [row] = await conversations(scope)
          .select([at('first_response_business_s').as('business'), at('first_response_wall_s').as('wall')])
          .execute();
        const pair = (times: Times | undefined): Percentiles => ({
          median: times?.[0] ?? null,
          p90: times?.[1] ?? null,
        });
        return { business: pair(row?.business), wall: pair(row?.wall) };
      }
      const ranks = measured === 0 ? [] : [nearestRank(MEDIAN, measured), nearestRank(P90, measured)];
      const atRanks = async (column: 'first_response_business_s' | 'first_response_wall_s') => {
        const times = await timesAtRanks(scope, column, ranks);
        return { median: times.get(ranks[0]!) ?? null, p90: times.get(ranks[1]!) ?? null };
      };
      return {
        business: await atRanks('first_response_business_s'),
        wall: await atRanks('first_response_wall_s'),
      };
    },
  };

  /**
   * The measured first-response times at the given ranks (1 the shortest), in seconds, on SQLite: one
   * sort of the range's times, numbered by row_number().
   */
  async function timesAtRanks(
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
  }
}

export type ReportReads = ReturnType<typeof reportReads>;
