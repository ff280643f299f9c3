import { type FormEvent, useEffect, useId, useState } from 'react';
import { reasonOf } from '../api/api-error.ts';
import { loadReport, type Report, type ReportRange, reportCsvHref } from '../api/reports.ts';
import { BarChart } from '../charts/bar-chart.tsx';
import { bucketLabels } from '../charts/bucket-labels.ts';
import { TimeChart } from '../charts/time-chart.tsx';
import { languageLabel } from '../ui/language-label.ts';
import { Notice } from '../ui/notice.tsx';
import { siteLabel } from '../ui/site-label.ts';
import { SiteOptions } from '../ui/site-options.tsx';
import { useSettings } from '../use-settings.ts';
import { bucketed } from './report-buckets.ts';
import { FirstResponseFigures } from './first-response-figures.tsx';
import { localDay } from './report-text.ts';

/** The ranges offered first, by their length in days up to today; "custom" takes two dates. */
const presets = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
] as const;

const rangeOf = (days: number, site: string): ReportRange => ({
  from: localDay(days - 1),
  to: localDay(),
  ...(site ? { site } : {}),
});

/**
 * How fast the company answers (decision 070): a range (a preset or two dates) and a site, the headline
 * figures, then the charts, each with its table, and the same figures as a CSV download.
 */
export function ReportsPage() {
  const settings = useSettings();
  const rangeId = useId();
  const siteId = useId();
  const [preset, setPreset] = useState('30');
  const [site, setSite] = useState('');
  const [custom, setCustom] = useState({ from: localDay(29), to: localDay() });
  const [range, setRange] = useState<ReportRange>(() => rangeOf(30, ''));
  const [report, setReport] = useState<Report | null>(null);
  const [problem, setProblem] = useState('');

  useEffect(() => {
    let current = true;
    loadReport(range).then(
      (loaded) => {
        if (!current) return;
        setReport(loaded);
        setProblem('');
      },
      (error: unknown) => current && setProblem(reasonOf(error)),
    );
    return () => {
      current = false;
    };
  }, [range]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    setRange(preset === 'custom' ? { ...custom, ...(site ? { site } : {}) } : rangeOf(Number(preset), site));
  };

  const days =
    report && bucketed(report.days.map(({ day, conversations }) => ({ day, value: conversations })));
  return (
    <div className="page reports-page">
      <h1>Reports</h1>
      <form className="report-range" onSubmit={show} aria-label="Range of the report">
        <span className="report-field">
          <label htmlFor={rangeId}>Range</label>
          <select id={rangeId} value={preset} onChange={(event) => setPreset(event.target.value)}>
            {presets.map(({ days: length, label }) => (
              <option key={length} value={String(length)}>
                {label}
              </option>
            ))}
            <option value="custom">Custom dates</option>
          </select>
        </span>
        {preset === 'custom' && (
          <>
            <label>
              From
              <input
                type="date"
                required
                value={custom.from}
                max={custom.to}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
              />
            </label>
            <label>
              To
              <input
                type="date"
                required
                value={custom.to}
                min={custom.from}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
              />
            </label>
          </>
        )}
        <span className="report-field">
          <label htmlFor={siteId}>Site</label>
          <select id={siteId} value={site} onChange={(event) => setSite(event.target.value)}>
            <SiteOptions siteKeys={settings?.siteKeys ?? []} />
          </select>
        </span>
        <button type="submit">Show</button>
      </form>
      <Notice outcome={problem ? { kind: 'error', text: problem } : null} />
      {report && days && (
        <>
          <p className="report-scope" aria-live="polite">
            {report.from} to {report.to}, {report.site === null ? 'all sites' : siteLabel(report.site)}; days
            in {report.timeZone}. <a href={reportCsvHref(range)}>Download these figures (CSV)</a>
          </p>
          <FirstResponseFigures report={report} />
          <div className="report-charts">
            <TimeChart
              caption={`Conversations per ${days.bucket}`}
              pointLabel={bucketLabels[days.bucket]}
              valueLabel="Conversations"
              points={days.points}
            />
            <BarChart
              caption="Conversations per site"
              itemLabel="Site"
              valueLabel="Conversations"
              rows={report.sites.map(({ site: key, conversations }) => ({
                label: siteLabel(key),
                value: conversations,
              }))}
            />
            <BarChart
              caption="Conversations per language"
              itemLabel="Language"
              valueLabel="Conversations"
              rows={report.languages.map(({ language, conversations }) => ({
                label: languageLabel(language as Parameters<typeof languageLabel>[0]),
                value: conversations,
              }))}
            />
            <BarChart
              caption="First replies per operator"
              itemLabel="Operator"
              valueLabel="Conversations answered first"
              rows={report.operators.map(({ operator, conversations }) => ({
                label: operator.name ? `${operator.name} (${operator.email})` : operator.email,
                value: conversations,
              }))}
              empty="No conversation was answered in this range."
            />
          </div>
        </>
      )}
    </div>
  );
}
