import { describe, expect, it } from 'vitest';
import { daysBefore } from './analytics-day.js';
import { bucketsOf } from './analytics-series.js';

describe('the series over time', () => {
  it('keeps a period of up to five years to at most about 60 points, covering each of its days once', () => {
    for (const [from, to, bucket, points] of [
      ['2026-11-22', '2026-11-28', 'day', 7],
      ['2026-09-28', '2026-11-28', 'day', 62],
      ['2026-09-27', '2026-11-28', 'week', 9],
      ['2025-11-29', '2026-11-28', 'week', 53],
      ['2023-11-29', '2026-11-28', 'month', 37],
      // The longest period the query takes: ten years, a point a month.
      ['2016-12-01', '2026-11-28', 'month', 120],
    ] as const) {
      const series = bucketsOf({ from, to });
      expect(series.bucket, `${from} to ${to}`).toBe(bucket);
      expect(series.points).toHaveLength(points);
      expect(series.points[0]?.from).toBe(from);
      expect(series.points.at(-1)?.to).toBe(to);
      for (const [index, point] of series.points.entries()) {
        expect(point.from <= point.to).toBe(true);
        if (index > 0) expect(daysBefore(point.from, 1)).toBe(series.points[index - 1]?.to);
      }
    }
  });

  it('counts months as calendar months, the first and the last a part of one', () => {
    const { points } = bucketsOf({ from: '2025-01-15', to: '2026-04-10' });
    expect(points.slice(0, 2)).toEqual([
      { from: '2025-01-15', to: '2025-01-31' },
      { from: '2025-02-01', to: '2025-02-28' },
    ]);
    expect(points.slice(-2)).toEqual([
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-04-01', to: '2026-04-10' },
    ]);
  });
});
