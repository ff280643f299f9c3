import { bucketsOf, dayAfter, daysBetween, type SeriesBucket, type SeriesPoint } from '@site/api-contract';
import type { Period } from './analytics-day.js';
import type { DayTotal } from './daily-repository.js';

/**
 * Visitors and page views over time: each point's days added up (of every site counted), and beside
 * it the same days of the period before, counted from its first day, so the two lines compare day n
 * of each period.
 */
export function seriesOf(
  current: Period,
  previous: Period,
  totals: { current: readonly DayTotal[]; previous: readonly DayTotal[] },
): { bucket: SeriesBucket; points: SeriesPoint[] } {
  const byDay = (rows: readonly DayTotal[]) => {
    const days = new Map<string, { visitors: number; pageViews: number }>();
    for (const row of rows) {
      const count = days.get(row.day) ?? { visitors: 0, pageViews: 0 };
      count.visitors += row.visitors;
      count.pageViews += row.views;
      days.set(row.day, count);
    }
    return days;
  };
  const sum = (days: Map<string, { visitors: number; pageViews: number }>, first: string, count: number) => {
    const total = { visitors: 0, pageViews: 0 };
    for (let offset = 0; offset < count; offset++) {
      const day = days.get(dayAfter(first, offset));
      total.visitors += day?.visitors ?? 0;
      total.pageViews += day?.pageViews ?? 0;
    }
    return total;
  };
  const now = byDay(totals.current);
  const before = byDay(totals.previous);
  const { bucket, points } = bucketsOf(current);
  return {
    bucket,
    points: points.map(({ from, to }) => {
      const length = daysBetween(from, to) + 1;
      const shifted = dayAfter(previous.from, daysBetween(current.from, from));
      return { from, to, ...sum(now, from, length), previous: sum(before, shifted, length) };
    }),
  };
}
