import type { Report } from '@site/api-contract';
import { csvDocument } from '../csv.js';

/**
 * A report as one long table (decision 070): each row a figure, named by its section, its key within
 * the section and the measure, so a spreadsheet filters it by column and one file holds every section.
 * Every cell goes through csv.ts, which neutralises formulas: a site key or an operator's name is text.
 */
export function reportCsv(report: Report): string {
  const { firstResponse: first } = report;
  const rows: (readonly unknown[])[] = [
    ['range', 'from', 'day', report.from],
    ['range', 'to', 'day', report.to],
    ['range', 'site', 'key', report.site ?? ''],
    ['range', 'time zone', 'name', report.timeZone],
    ['range', 'target', 'seconds', report.targetSeconds],
    ['total', 'conversations', 'conversations', report.conversations],
    ['total', 'answered', 'conversations', report.answered],
    ['total', 'waiting', 'conversations', report.waiting],
    ['total', 'closed without reply', 'conversations', report.closedWithoutReply],
    ['first response', 'measured', 'conversations', first.measured],
    ['first response', 'business median', 'seconds', first.business.median],
    ['first response', 'business 90th percentile', 'seconds', first.business.p90],
    ['first response', 'wall median', 'seconds', first.wall.median],
    ['first response', 'wall 90th percentile', 'seconds', first.wall.p90],
    ['first response', 'within target', 'conversations', first.withinTarget],
    ['first response', 'within target', 'share', first.withinTargetShare],
    ...report.days.flatMap(({ day, conversations, answered }) => [
      ['day', day, 'conversations', conversations],
      ['day', day, 'answered', answered],
    ]),
    ...report.sites.map(({ site, conversations }) => ['site', site, 'conversations', conversations]),
    ...report.languages.map(({ language, conversations }) => [
      'language',
      language,
      'conversations',
      conversations,
    ]),
    ...report.operators.map(({ operator, conversations }) => [
      'operator',
      operator.name ? `${operator.name} <${operator.email}>` : operator.email,
      'first replies',
      conversations,
    ]),
  ];
  return csvDocument(['section', 'key', 'measure', 'value'], rows);
}
