import { adminPages, type AnalyticsFigures as Figures, type AnalyticsReport } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { escapeHtml } from '../http/html.js';
import { oneLine } from '../http/one-line.js';
import { analyticsWeekMailId } from '../queue/mail-ids.js';
import { automaticMailHeaders } from '../queue/own-mail.js';

type Count = Pick<Figures, 'visitors' | 'pageViews'>;

export type WeeklyMailSettings = {
  siteName: string;
  from: string;
  /** NOTIFY_TO: the figures go where the notifications go. */
  to: readonly string[];
  siteUrl: string;
};

/** The most rows each list of the mail shows. */
export const WEEKLY_LIST_MAX = 10;

const number = new Intl.NumberFormat('en');
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const days = ({ from, to }: { from: string; to: string }) =>
  `${dayFormat.format(Date.parse(from))} to ${dayFormat.format(Date.parse(to))}`;

/** How a figure changed on the week before: +12 %, −5 %, new, no change. */
function change(current: number, previous: number): string {
  if (current === previous) return 'no change';
  if (previous === 0) return 'new';
  const percent = Math.round(((current - previous) / previous) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : '±'}${Math.abs(percent)} %`;
}

type Row = { name: string; current: number; previous: number; note?: string };
type Section = { title: string; unit: string; rows: Row[]; empty: string };

/** The first rows of a list of this week, each with its figure of the week before. */
function listed<T extends Count>(
  current: T[],
  previous: T[],
  key: (item: T) => string,
  label: (key: string) => string,
  of: keyof Count,
) {
  const before = new Map(previous.map((item) => [key(item), item[of]]));
  return current
    .slice(0, WEEKLY_LIST_MAX)
    .map((item) => ({ name: label(key(item)), current: item[of], previous: before.get(key(item)) ?? 0 }));
}

const rate = (part: number, whole: number) =>
  whole === 0 ? '' : `${Math.round((part / whole) * 100)} % of the step before`;

function sectionsOf(current: Figures, previous: Figures): Section[] {
  const steps = [
    ['Visitors', 'visitors'],
    ['Viewed the contact page', 'contactViewed'],
    ['Started the form', 'formStarted'],
    ['Sent a message (leads)', 'sent'],
  ] as const;
  return [
    {
      title: 'Totals',
      unit: '',
      empty: '',
      rows: [
        { name: 'Visitors', current: current.visitors, previous: previous.visitors },
        { name: 'Page views', current: current.pageViews, previous: previous.pageViews },
        {
          name: 'Leads (messages kept as not spam)',
          current: current.funnel.sent,
          previous: previous.funnel.sent,
        },
      ],
    },
    {
      title: 'The contact funnel',
      unit: 'visitors',
      empty: '',
      rows: steps.map(([name, step], index) => ({
        name,
        current: current.funnel[step],
        previous: previous.funnel[step],
        note: index === 0 ? undefined : rate(current.funnel[step], current.funnel[steps[index - 1]![1]]),
      })),
    },
    {
      title: 'Top pages',
      unit: 'page views',
      empty: 'No page views.',
      rows: listed(
        current.pages,
        previous.pages,
        (item) => item.path,
        (path) => path,
        'pageViews',
      ),
    },
    {
      title: 'Referrers',
      unit: 'visitors',
      empty: 'No visitors.',
      rows: listed(
        current.referrers,
        previous.referrers,
        (item) => item.host,
        (host) => host || 'None (typed in, bookmarks, mail)',
        'visitors',
      ),
    },
    {
      title: 'Campaigns (utm_campaign)',
      unit: 'visitors',
      empty: 'No visits from a campaign link.',
      rows: listed(
        current.campaigns.utm_campaign,
        previous.campaigns.utm_campaign,
        (item) => item.value,
        (value) => value,
        'visitors',
      ),
    },
    // Only with a country database (ANALYTICS_GEOIP_DB): a list that is always empty says nothing.
    ...(current.countries.length + previous.countries.length === 0
      ? []
      : [
          {
            title: 'Countries',
            unit: 'visitors',
            empty: 'No country known.',
            rows: listed(
              current.countries,
              previous.countries,
              (item) => item.country,
              (code) => code,
              'visitors',
            ),
          },
        ]),
  ];
}

const rowText = (row: Row) =>
  `  ${row.name}: ${number.format(row.current)} (week before ${number.format(row.previous)}, ${change(row.current, row.previous)})${row.note ? `; ${row.note}` : ''}`;

const cell = 'padding:6px 8px;border-top:1px solid #d0d7de;vertical-align:top';
const sectionHtml = (
  section: Section,
) => `<h2 style="font-size:16px;margin:20px 0 4px">${escapeHtml(section.title)}</h2>
${
  section.rows.length === 0
    ? `<p style="margin:0;color:#5b6470">${escapeHtml(section.empty)}</p>`
    : `<table role="table" style="width:100%;table-layout:fixed;border-collapse:collapse;font-size:14px">
<thead><tr><th scope="col" style="width:52%;text-align:left;padding:4px 8px">${section.unit ? escapeHtml(`By ${section.unit}`) : 'Figure'}</th><th scope="col" style="width:24%;text-align:right;padding:4px 8px">Last week</th><th scope="col" style="width:24%;text-align:right;padding:4px 8px">Week before</th></tr></thead>
<tbody>
${section.rows
  .map(
    (row) =>
      `<tr><th scope="row" style="${cell};text-align:left;font-weight:400;overflow-wrap:anywhere;word-break:break-word">${escapeHtml(row.name)}${row.note ? `<br><span style="color:#5b6470;font-size:13px">${escapeHtml(row.note)}</span>` : ''}</th><td style="${cell};text-align:right;white-space:nowrap"><strong>${number.format(row.current)}</strong><br><span style="color:#5b6470;font-size:13px">${escapeHtml(change(row.current, row.previous))}</span></td><td style="${cell};text-align:right">${number.format(row.previous)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`
}`;

/**
 * The weekly figures to the company: visitors, page views, leads, the funnel, top pages, referrers,
 * campaigns and countries of the seven days before `week`, each against the seven days before those. Counts only:
 * nothing about a visitor and no message's text. Plain text and HTML.
 */
export function weeklyMail(
  week: string,
  { current, previous }: AnalyticsReport,
  settings: WeeklyMailSettings,
): Mail.Options {
  const sections = sectionsOf(current, previous);
  const intro = `The site's figures for ${days(current)} (UTC days), against the week before (${days(previous)}).`;
  const link = `${settings.siteUrl}${adminPages.inbox}`;
  const text = [
    intro,
    ...sections.map((section) =>
      [
        `${section.title}${section.unit ? ` (${section.unit})` : ''}`,
        ...(section.rows.length === 0 ? [`  ${section.empty}`] : section.rows.map(rowText)),
      ].join('\n'),
    ),
    `Open the inbox: ${link}`,
  ].join('\n\n');

  const html = `<div style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;max-width:640px;margin:0 auto;padding:16px;color:#1c2128;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 8px">Last week on the site</h1>
<p style="margin:0 0 8px">${escapeHtml(intro)}</p>
${sections.map(sectionHtml).join('\n')}
<p style="margin:20px 0 0"><a href="${escapeHtml(link)}" style="color:#0b5cad">Open the inbox</a></p>
</div>`;

  return {
    from: settings.from,
    to: [...settings.to],
    subject: `[${oneLine(settings.siteName)}] Last week: ${number.format(current.visitors)} visitors, ${number.format(current.funnel.sent)} leads`,
    text: `${text}\n`,
    html,
    messageId: analyticsWeekMailId(week, settings.from),
    headers: automaticMailHeaders,
  };
}
