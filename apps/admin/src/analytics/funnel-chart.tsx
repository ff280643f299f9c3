import { BarChart } from '../charts/bar-chart.tsx';
import type { AnalyticsFigures } from '../api/analytics.ts';

type Funnel = AnalyticsFigures['funnel'];

const steps: { key: keyof Funnel; label: string; of: string }[] = [
  { key: 'visitors', label: 'Visited', of: '' },
  { key: 'contactViewed', label: 'Saw the contact page', of: 'of visitors' },
  { key: 'formStarted', label: 'Started the form', of: 'of those who saw it' },
  { key: 'sent', label: 'Sent a message', of: 'of those who started' },
];

const rate = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((100 * part) / whole)} %`);

/** The form's funnel: each step's visitors (messages for the last), with its rate from the step before. */
export function FunnelChart({ now, before }: { now: Funnel; before: Funnel }) {
  const rows = steps.map(({ key, label, of }, index) => {
    const previousStep = index === 0 ? undefined : steps[index - 1]!.key;
    return {
      label: previousStep ? `${label} (${rate(now[key], now[previousStep])} ${of})` : label,
      value: now[key],
      previous: before[key],
    };
  });
  return <BarChart caption="The contact form's funnel" itemLabel="Step" valueLabel="Visitors" rows={rows} />;
}
