import type { Report, ReportQuery } from '@site/api-contract';
import type { Actor, AuditLog } from '../audit/audit-log.js';
import type { FirstResponseClockLoader } from '../business-hours/load-first-response-clock.js';
import type { Db } from '../db/database.js';
import { daysOf, rangeInstants, reportDaysOf } from './report-range.js';
import { type ReportReads, reportRepository } from './report-repository.js';

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
  async function breakdowns(
    groups: Awaited<ReturnType<ReportReads['groups']>>,
  ): Promise<Pick<Report, 'sites' | 'languages' | 'operators'>> {
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
      const { days, groups, times } = await reports.read(async (reads) => {
        const days = await reads.days(scope, targetSeconds);
        const measured = days.reduce((sum, day) => sum + day.measured, 0);
        return { days, groups: await reads.groups(scope), times: await reads.percentiles(scope, measured) };
      });
      const total = (figure: 'conversations' | 'answered' | 'waiting' | 'measured' | 'withinTarget') =>
        days.reduce((sum, day) => sum + day[figure], 0);
      const measured = total('measured');
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
          business: times.business,
          wall: times.wall,
          withinTarget,
          withinTargetShare: measured === 0 ? null : withinTarget / measured,
        },
        days: daysOf(range).map((day) => ({
          day,
          conversations: byDay.get(day)?.conversations ?? 0,
          answered: byDay.get(day)?.answered ?? 0,
        })),
        ...(await breakdowns(groups)),
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
