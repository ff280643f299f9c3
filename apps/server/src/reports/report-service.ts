import type { Report, ReportQuery } from '@site/api-contract';
import type { Actor, AuditLog } from '../audit/audit-log.js';
import type { FirstResponseClockLoader } from '../business-hours/load-first-response-clock.js';
import type { Db } from '../db/database.js';
import { daysOf, rangeInstants, reportDaysOf } from './report-range.js';
import { reportRepository, type ReportScope } from './report-repository.js';

/** The shares of the measured times the report gives, in percent. */
const MEDIAN = 50;
const P90 = 90;

/** Nearest rank: the 1-based rank of the smallest value at or above `percent` % of `count` values. */
export const nearestRank = (percent: number, count: number) => Math.ceil((percent * count) / 100);

/** Conversations per key, most first (ties by key, so the order is the same on every run). */
function tally<T>(rows: readonly T[], keyOf: (row: T) => string | null, countOf: (row: T) => number) {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + countOf(row));
  }
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/**
 * The reports (docs/inbox.md, "Reports"): for a range of days in the business time zone, and one site
 * or all, the conversations per day, site, language and first replier, and how fast they were first
 * answered. One function builds them for the inbox, its CSV and the command line. A report counts each
 * operator's first replies, which is personal data of the operators: each one built is audited.
 */
export function reportService(db: Db, audit: AuditLog, firstResponse: FirstResponseClockLoader) {
  const reports = reportRepository(db);
  const { timeZone } = firstResponse;
  const targetSeconds = Math.floor(firstResponse.targetMs / 1000);

  /** The conversations per site, language and first replier, from one read. */
  async function breakdowns(scope: ReportScope): Promise<Pick<Report, 'sites' | 'languages' | 'operators'>> {
    const groups = await reports.groups(scope);
    const conversations = (group: (typeof groups)[number]) => group.conversations;
    const repliers = tally(groups, (group) => group.first_reply_by?.toString() ?? null, conversations);
    const operators = new Map(
      (await reports.operators(repliers.map(([id]) => Number(id)))).map((operator) => [
        String(operator.id),
        { email: operator.email, name: operator.name },
      ]),
    );
    return {
      sites: tally(groups, (group) => group.site_key, conversations).map(([site, count]) => ({
        site,
        conversations: count,
      })),
      languages: tally(groups, (group) => group.language, conversations).map(([language, count]) => ({
        language,
        conversations: count,
      })),
      operators: repliers
        .map(([id, count]) => ({ operator: operators.get(id)!, conversations: count }))
        .sort(
          (a, b) => b.conversations - a.conversations || a.operator.email.localeCompare(b.operator.email),
        ),
    };
  }

  return {
    async report(query: ReportQuery, actor: Actor, now = Date.now()): Promise<Report> {
      const range = reportDaysOf(query, timeZone, now);
      const scope = { ...rangeInstants(range, timeZone), siteKey: query.site };
      const days = await reports.days(scope, targetSeconds);
      const total = (figure: 'conversations' | 'answered' | 'waiting' | 'measured' | 'withinTarget') =>
        days.reduce((sum, day) => sum + day[figure], 0);
      const measured = total('measured');
      const ranks = measured === 0 ? [] : [nearestRank(MEDIAN, measured), nearestRank(P90, measured)];
      const percentiles = async (column: 'first_response_business_s' | 'first_response_wall_s') => {
        const times = await reports.timesAtRanks(scope, column, ranks);
        return { median: times.get(ranks[0]!) ?? null, p90: times.get(ranks[1]!) ?? null };
      };
      const byDay = new Map(days.map((day) => [day.day, day]));
      const conversations = total('conversations');
      const answered = total('answered');
      const waiting = total('waiting');
      const withinTarget = total('withinTarget');
      const result: Report = {
        ...range,
        site: query.site ?? null,
        timeZone,
        targetSeconds,
        conversations,
        answered,
        waiting,
        closedWithoutReply: conversations - answered - waiting,
        firstResponse: {
          measured,
          business: await percentiles('first_response_business_s'),
          wall: await percentiles('first_response_wall_s'),
          withinTarget,
          withinTargetShare: measured === 0 ? null : withinTarget / measured,
        },
        days: daysOf(range).map((day) => ({
          day,
          conversations: byDay.get(day)?.conversations ?? 0,
          answered: byDay.get(day)?.answered ?? 0,
        })),
        ...(await breakdowns(scope)),
      };
      await audit.record({
        ...actor,
        action: 'report-read',
        target: `${range.from} to ${range.to}${query.site === undefined ? '' : ` site:${query.site}`}`,
      });
      return result;
    },
  };
}

export type ReportService = ReturnType<typeof reportService>;
