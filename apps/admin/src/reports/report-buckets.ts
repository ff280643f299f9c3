import type { SeriesBucket } from '@site/api-contract';
import { bucketsOf } from '@site/api-contract/constants';
import type { TimePoint } from '../charts/time-chart.tsx';

/**
 * A report's days (in order, every day of its range) summed into the points of the rule the Analytics
 * page's series follows too (`bucketsOf`: days up to 62, then weeks from the first day, then calendar
 * months), each labelled by its first day.
 */
export function bucketed(days: readonly { day: string; value: number }[]): {
  bucket: SeriesBucket;
  points: TimePoint[];
} {
  if (days.length === 0) return { bucket: 'day', points: [] };
  const { bucket, points } = bucketsOf({ from: days[0]!.day, to: days.at(-1)!.day });
  const sums = points.map(({ from }) => ({ label: from, value: 0 }));
  let point = 0;
  for (const { day, value } of days) {
    while (day > points[point]!.to) point++;
    sums[point]!.value += value;
  }
  return { bucket, points: sums };
}
