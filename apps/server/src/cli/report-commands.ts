import { type Report, reportQuery } from '@site/api-contract';
import { commandLine } from '../audit/audit-log.js';
import type { Command } from './command.js';
import { rangeOptions, rangeQuery } from './range-query.js';

const duration = (seconds: number | null) => {
  if (seconds === null) return '-';
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};

function summary(report: Report): string[] {
  const { firstResponse: first } = report;
  const share = first.withinTargetShare === null ? '-' : `${Math.round(first.withinTargetShare * 100)} %`;
  const list = <T>(items: T[], line: (item: T) => string) => items.map((item) => `  ${line(item)}`);
  return [
    `${report.from} to ${report.to} (${report.timeZone})${report.site === null ? '' : `, site ${report.site}`}`,
    `Conversations: ${report.conversations} (${report.answered} answered, ${report.waiting} waiting, ${report.closedWithoutReply} closed without a reply)`,
    `First response, business hours: median ${duration(first.business.median)}, 90th percentile ${duration(first.business.p90)}`,
    `First response, wall clock: median ${duration(first.wall.median)}, 90th percentile ${duration(first.wall.p90)}`,
    `Within target (${duration(report.targetSeconds)}): ${first.withinTarget} of ${first.measured} (${share})`,
    'Sites:',
    ...list(report.sites, ({ site, conversations }) => `${conversations}  ${site}`),
    'Languages:',
    ...list(report.languages, ({ language, conversations }) => `${conversations}  ${language}`),
    'First replies per operator:',
    ...list(report.operators, ({ operator, conversations }) => `${conversations}  ${operator.email}`),
  ];
}

/** The first-response report on the command line: the figures the inbox's Reports screen shows. */
export const reportCommands: Record<string, Command> = {
  report: {
    usage: 'report [--from DATE] [--to DATE] [--site KEY] [--json]',
    help: 'The first-response report (docs/inbox.md, "Reports"): conversations (messages that are not spam, from the forms and from mail) received from --from to --to (days in BUSINESS_TIME_ZONE, both included; default the 30 days up to today), answered, waiting and closed without a reply; the first response\'s median and 90th percentile in business hours and on the wall clock; the share answered within FIRST_RESPONSE_TARGET; conversations per day, site, language and operator who sent the first reply. --site KEY counts one site only. Audited, as it counts each operator\'s first replies.',
    options: rangeOptions,
    async run({ services, io }, values) {
      const query = rangeQuery(reportQuery, values);
      const report = await services.reports.report(query, commandLine);
      io.out(values.json ? JSON.stringify(report, null, 2) : summary(report).join('\n'));
    },
  },
};
