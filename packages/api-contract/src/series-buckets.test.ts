import { describe, expect, it } from 'vitest';
import { daysBetween } from './calendar-days.js';
import { bucketsOf } from './series-buckets.js';

describe('the series over time (Analytics and Reports)', () => {
  it('keeps a period of up to ten years to at most about 60 points, covering each of its days once', () => {
    for (const [from, to, bucket, points] of [
      ['2026-11-28', '2026-11-28', 'day', 1],
      ['2026-11-22', '2026-11-28', 'day', 7],
      // 62 days are the most counted a day each; 63 are nine weeks.
      ['2026-09-28', '2026-11-28', 'day', 62],
      ['2026-09-27', '2026-11-28', 'week', 9],
      ['2025-11-29', '2026-11-28', 'week', 53],
      // 434 days are 62 weeks, the most counted a week each; 435 go by calendar months.
      ['2025-09-21', '2026-11-28', 'week', 62],
      ['2025-09-20', '2026-11-28', 'month', 15],
      ['2023-11-29', '2026-11-28', 'month', 37],
      // The longest period either page takes: ten years, a point a month.
      ['2016-12-01', '2026-11-28', 'month', 120],
    ] as const) {
      const series = bucketsOf({ from, to });
      expect(series.bucket, `${from} to ${to}`).toBe(bucket);
      expect(series.points, `${from} to ${to}`).toHaveLength(points);
      expect(series.points[0]?.from).toBe(from);
      expect(series.points.at(-1)?.to).toBe(to);
      for (const [index, point] of series.points.entries()) {
        expect(point.from <= point.to).toBe(true);
        if (index > 0) expect(daysBetween(series.points[index - 1]!.to, point.from)).toBe(1);
      }
    }
  });

  it('counts weeks from the first day, the last a part of one', () => {
    // Sunday 1 November to Wednesday 4 February: 96 days, 13 weeks from Sunday and 5 days.
    const { points } = bucketsOf({ from: '2026-11-01', to: '2027-02-04' });
    expect(points.slice(0, 2)).toEqual([
      { from: '2026-11-01', to: '2026-11-07' },
      { from: '2026-11-08', to: '2026-11-14' },
    ]);
    expect(points.at(-1)).toEqual({ from: '2027-01-31', to: '2027-02-04' });
  });

  it('counts months as calendar months, the first and the last a part of one, February as it falls', () => {
    const { points } = bucketsOf({ from: '2025-01-15', to: '2026-04-10' });
    expect(points.slice(0, 2)).toEqual([
      { from: '2025-01-15', to: '2025-01-31' },
      { from: '2025-02-01', to: '2025-02-28' },
    ]);
    expect(points.slice(-2)).toEqual([
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-04-01', to: '2026-04-10' },
    ]);
    expect(bucketsOf({ from: '2027-06-15', to: '2028-12-31' }).points[8]).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });
});
