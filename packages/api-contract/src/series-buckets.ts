import type { SeriesBucket } from './admin-analytics.js';
import { dayAfter, daysBetween } from './calendar-days.js';

/** A period of whole days, both ends included (YYYY-MM-DD). */
export type DayPeriod = { from: string; to: string };

/** A series over time has at most about this many points, whatever the length of its period. */
export const MAX_SERIES_POINTS = 62;

const monthEnd = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

/**
 * How a series over time groups a period's days, on the Analytics and the Reports pages alike: single
 * days up to MAX_SERIES_POINTS days, then weeks counted from the period's first day up to as many weeks,
 * then calendar months (the first and the last may be parts of one). Each day is in one point, in order.
 */
export function bucketsOf({ from, to }: DayPeriod): { bucket: SeriesBucket; points: DayPeriod[] } {
  const days = daysBetween(from, to) + 1;
  const bucket: SeriesBucket =
    days <= MAX_SERIES_POINTS ? 'day' : days <= 7 * MAX_SERIES_POINTS ? 'week' : 'month';
  const points: DayPeriod[] = [];
  for (let start = from; start <= to;) {
    const end = bucket === 'day' ? start : bucket === 'week' ? dayAfter(start, 6) : monthEnd(start);
    points.push({ from: start, to: end < to ? end : to });
    start = dayAfter(end, 1);
  }
  return { bucket, points };
}
