import type { TimePoint } from '../charts/time-chart.tsx';

/** How a range's days are grouped so that a chart has at most about 60 columns. */
export type Bucket = 'Day' | 'Week' | 'Month';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** Days up to 62, weeks (starting on Monday) up to 62 of them, months beyond. */
export function bucketOf(days: number): Bucket {
  if (days <= 62) return 'Day';
  return days <= 62 * 7 ? 'Week' : 'Month';
}

/** The label of the bucket a day falls in: the day, its week's Monday ("from 2026-11-23"), its month. */
function labelOf(day: string, bucket: Bucket): string {
  if (bucket === 'Day') return day;
  if (bucket === 'Month') return day.slice(0, 7);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return `from ${dayOf(dayNumber(day) - weekday)}`;
}

/** The days' counts summed per bucket, in order. */
export function bucketed(days: readonly { day: string; value: number }[]): {
  bucket: Bucket;
  points: TimePoint[];
} {
  const bucket = bucketOf(days.length);
  const points: TimePoint[] = [];
  for (const { day, value } of days) {
    const label = labelOf(day, bucket);
    const last = points.at(-1);
    if (last?.label === label) last.value += value;
    else points.push({ label, value });
  }
  return { bucket, points };
}
