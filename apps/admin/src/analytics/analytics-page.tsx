import { useEffect, useState } from 'react';
import { type AnalyticsReport, loadAnalytics } from '../api/analytics.ts';
import { BarChart } from '../charts/bar-chart.tsx';
import { bucketLabels } from '../charts/bucket-labels.ts';
import { TimeChart } from '../charts/time-chart.tsx';
import { Notice } from '../ui/notice.tsx';
import { siteLabel } from '../ui/site-label.ts';
import { useOutcome } from '../ui/use-outcome.ts';
import { useSettings } from '../use-settings.ts';
import { rangeOf } from './date-ranges.ts';
import { barRows } from './figure-rows.ts';
import { FunnelChart } from './funnel-chart.tsx';
import { HeadlineFigures } from './headline-figures.tsx';
import { type Choice, RangeForm } from './range-form.tsx';
import './analytics-page.css';

const campaignLabels = {
  utm_source: 'Campaign sources (utm_source)',
  utm_medium: 'Campaign media (utm_medium)',
  utm_campaign: 'Campaigns (utm_campaign)',
  utm_term: 'Campaign terms (utm_term)',
  utm_content: 'Campaign contents (utm_content)',
} as const;
const leftOutLabels: Record<string, string> = {
  'declared-bot': 'Bots that say so',
  headless: 'Headless browsers',
  'no-agent': 'No user agent',
  burst: 'Bursts (more than 10 pages in 10 s)',
  'no-assets': 'No page assets and no navigation',
};
const languageLabels: Record<string, string> = { en: 'English', el: 'Greek' };

/** Visitors and page views counted by the server, where they came from, and the contact form's funnel. */
export function AnalyticsPage() {
  const settings = useSettings();
  const [choice, setChoice] = useState<Choice>(() => ({
    preset: '30-days',
    site: '',
    ...rangeOf('30-days', new Date())!,
  }));
  // The report with the choice it answers: another choice shows "Loading" until its own arrives.
  const [loaded, setLoaded] = useState<{ choice: Choice; report: AnalyticsReport } | null>(null);
  const { outcome, failed } = useOutcome();

  useEffect(() => {
    const { from, to, site } = choice;
    loadAnalytics({ from, to, ...(site ? { site } : {}) }).then(
      (report) => setLoaded({ choice, report }),
      failed,
    );
  }, [choice, failed]);
  const report = loaded?.choice === choice ? loaded.report : null;

  return (
    <div className="page analytics">
      <h1>Analytics</h1>
      <p className="intro">
        Counted by the server as it serves each page, in UTC days, compared with the period of the same length
        before. No cookie, no script, nothing stored that identifies a visitor.
      </p>
      <RangeForm choice={choice} siteKeys={settings?.siteKeys ?? []} onChoose={setChoice} />
      <Notice outcome={outcome} />
      {report === null ? <p aria-live="polite">Loading the figures…</p> : <Figures report={report} />}
    </div>
  );
}

function Figures({ report }: { report: AnalyticsReport }) {
  const { current: now, previous: before, series } = report;
  const points = (key: 'visitors' | 'pageViews') =>
    series.points.map((point) => ({ label: point.from, value: point[key], previous: point.previous[key] }));
  return (
    <div aria-live="polite" className="analytics-figures">
      <h2 className="period">
        {now.from} to {now.to}
        {report.site ? `, ${siteLabel(report.site)}` : ', all sites'}
        <span className="period-before">
          {' '}
          against {before.from} to {before.to}
        </span>
      </h2>
      <HeadlineFigures
        figures={[
          { label: 'Visitors', value: now.visitors, previous: before.visitors },
          { label: 'Page views', value: now.pageViews, previous: before.pageViews },
          { label: 'Messages sent', value: now.funnel.sent, previous: before.funnel.sent },
        ]}
      />
      <div className="chart-grid">
        <TimeChart
          caption={`Visitors per ${series.bucket}`}
          pointLabel={bucketLabels[series.bucket]}
          valueLabel="Visitors"
          points={points('visitors')}
        />
        <TimeChart
          caption={`Page views per ${series.bucket}`}
          pointLabel={bucketLabels[series.bucket]}
          valueLabel="Page views"
          points={points('pageViews')}
        />
        <FunnelChart now={now.funnel} before={before.funnel} />
        <BarChart
          caption="Top pages"
          itemLabel="Page"
          valueLabel="Page views"
          rows={barRows(
            now.pages,
            before.pages,
            (page) => page.path,
            (page) => page.pageViews,
          )}
        />
        <BarChart
          caption="Landing pages"
          itemLabel="Page"
          valueLabel="Visitors"
          rows={barRows(
            now.landingPages,
            before.landingPages,
            (page) => page.path,
            (page) => page.visitors,
          )}
        />
        <BarChart
          caption="Referrers"
          itemLabel="Referrer"
          valueLabel="Visitors"
          rows={barRows(
            now.referrers,
            before.referrers,
            (referrer) => referrer.host,
            (referrer) => referrer.visitors,
            (host) => host || '(none: typed in or bookmarked)',
          )}
        />
        {(Object.keys(campaignLabels) as (keyof typeof campaignLabels)[]).map((field) => (
          <BarChart
            key={field}
            caption={campaignLabels[field]}
            itemLabel="Value"
            valueLabel="Visitors"
            empty="No visit came with it in this period."
            rows={barRows(
              now.campaigns[field],
              before.campaigns[field],
              (campaign) => campaign.value,
              (campaign) => campaign.visitors,
            )}
          />
        ))}
        <BarChart
          caption="Languages"
          itemLabel="Language"
          valueLabel="Page views"
          rows={barRows(
            now.languages,
            before.languages,
            (language) => language.language,
            (language) => language.pageViews,
            (code) => languageLabels[code] ?? code,
          )}
        />
        <BarChart
          caption="Sites"
          itemLabel="Site"
          valueLabel="Visitors"
          rows={barRows(
            now.sites,
            before.sites,
            (site) => site.site,
            (site) => site.visitors,
            siteLabel,
          )}
        />
        <BarChart
          caption="Devices"
          itemLabel="Device"
          valueLabel="Visitors"
          rows={barRows(
            now.devices,
            before.devices,
            (device) => device.device,
            (device) => device.visitors,
          )}
        />
        <BarChart
          caption="Countries"
          itemLabel="Country"
          valueLabel="Visitors"
          empty="No country known: countries come only from a local database the server is set up with."
          rows={barRows(
            now.countries,
            before.countries,
            (country) => country.country,
            (country) => country.visitors,
          )}
        />
        <BarChart
          caption="Left out as bots"
          itemLabel="Why"
          valueLabel="Page requests"
          empty="No request was left out in this period."
          rows={barRows(
            now.leftOut,
            before.leftOut,
            (left) => left.reason,
            (left) => left.requests,
            (reason) => leftOutLabels[reason] ?? reason,
          )}
        />
      </div>
    </div>
  );
}
