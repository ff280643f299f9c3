import { DAY_MS } from '@site/api-contract/constants';

/** The periods the dashboard offers, in UTC days as the server counts them. */
export const rangePresets = [
  { key: '7-days', label: 'Last 7 days' },
  { key: '30-days', label: 'Last 30 days' },
  { key: 'this-month', label: 'This month' },
  { key: 'last-month', label: 'Last month' },
  { key: '12-months', label: 'Last 12 months' },
  { key: 'custom', label: 'Custom' },
] as const;
export type RangePreset = (typeof rangePresets)[number]['key'];
export type DayRange = { from: string; to: string };

const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The UTC day of `now`, YYYY-MM-DD. */
export const todayOf = (now: Date) => dayText(now.getTime());

/** The days of a preset on the day `now` falls on (custom: undefined, the operator gives them). */
export function rangeOf(preset: RangePreset, now: Date): DayRange | undefined {
  const today = todayOf(now);
  const back = (days: number) => ({ from: dayText(now.getTime() - days * DAY_MS), to: today });
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (preset) {
    case '7-days':
      return back(6);
    case '30-days':
      return back(29);
    case 'this-month':
      return { from: dayText(Date.UTC(year, month, 1)), to: today };
    case 'last-month':
      return { from: dayText(Date.UTC(year, month - 1, 1)), to: dayText(Date.UTC(year, month, 0)) };
    case '12-months':
      return back(364);
    case 'custom':
      return undefined;
  }
}
