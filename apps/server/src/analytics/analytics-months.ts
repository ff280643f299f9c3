import { daysBefore, type Period } from './analytics-day.js';

/** The month of a day: YYYY-MM. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The last day of `day`'s calendar month. */
export function monthEnd(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** The first month all of whose days are on or after `day`. */
export const firstWholeMonth = (day: string) =>
  day.endsWith('-01') ? monthOf(day) : monthOf(daysBefore(monthEnd(day), -1));

/** The months whose every day is in `period`, in order. */
export function wholeMonthsOf({ from, to }: Period): string[] {
  const months: string[] = [];
  let month = firstWholeMonth(from);
  while (monthEnd(`${month}-01`) <= to) {
    months.push(month);
    month = monthOf(daysBefore(monthEnd(`${month}-01`), -1));
  }
  return months;
}

/** The days of `period` outside `months` (which are whole months of it, in order), as periods. */
export function daysOutside({ from, to }: Period, months: readonly string[]): Period[] {
  const periods: Period[] = [];
  let start = from;
  for (const month of months) {
    const first = `${month}-01`;
    if (start < first) periods.push({ from: start, to: daysBefore(first, 1) });
    start = daysBefore(monthEnd(first), -1);
  }
  if (start <= to) periods.push({ from: start, to });
  return periods;
}
