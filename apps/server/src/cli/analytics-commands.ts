import { analyticsQuery, type AnalyticsFigures as Figures } from '@site/api-contract';
import type { Command } from './command.js';
import { rangeOptions, rangeQuery } from './range-query.js';

const change = (now: number, before: number) =>
  before === 0 ? '' : ` (${now >= before ? '+' : ''}${Math.round((100 * (now - before)) / before)} %)`;

function summary(current: Figures, previous: Figures): string[] {
  const top = <T>(list: T[], line: (item: T) => string) => list.slice(0, 10).map((item) => `  ${line(item)}`);
  return [
    `${current.from} to ${current.to}, compared with ${previous.from} to ${previous.to}`,
    `Visitors: ${current.visitors}${change(current.visitors, previous.visitors)}`,
    `Page views: ${current.pageViews}${change(current.pageViews, previous.pageViews)}`,
    `Funnel: ${current.funnel.visitors} visitors, ${current.funnel.contactViewed} saw the contact page, ${current.funnel.formStarted} started the form, ${current.funnel.sent} sent`,
    'Pages:',
    ...top(current.pages, (page) => `${page.pageViews}  ${page.path}`),
    'Referrers:',
    ...top(current.referrers, (referrer) => `${referrer.visitors}  ${referrer.host || '(none)'}`),
    'Countries:',
    ...top(current.countries, (country) => `${country.visitors}  ${country.country}`),
    'Left out:',
    ...top(current.leftOut, (left) => `${left.requests}  ${left.reason}`),
  ];
}

/** The first-party analytics on the command line: the same figures the inbox's dashboard shows. */
export const analyticsCommands: Record<string, Command> = {
  analytics: {
    usage: 'analytics [--from DATE] [--to DATE] [--site KEY] [--json]',
    help: 'Visitors and page views counted by the server (UTC days, --from and --to included; default the 30 days up to today), with the period of the same length before for comparison: pages, landing pages, referrers, campaigns (utm_*), languages, sites, devices, countries (with ANALYTICS_GEOIP_DB), the funnel (visitors, contact page viewed, form started, sent: form messages stored as not spam) and the requests left out as bots, per reason. --site KEY counts one site only. Counts only: nothing of a visitor.',
    options: rangeOptions,
    async run({ services, io }, values) {
      const { from, to, site } = rangeQuery(analyticsQuery, values);
      const report = await services.analytics.report({ from, to }, site);
      if (values.json) io.out(JSON.stringify(report, null, 2));
      else io.out(summary(report.current, report.previous).join('\n'));
    },
  },
};
