import { describe, expect, it } from 'vitest';
import { bucketed } from './report-buckets.ts';

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    day: new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10),
    value: 1,
  }));

describe("a report's days on a chart", () => {
  it('are summed into the points of the series rule the Analytics page follows: days, weeks from the first day, months', () => {
    expect(bucketed([])).toEqual({ bucket: 'day', points: [] });
    const month = bucketed(days('2026-11-01', 30));
    expect(month.bucket).toBe('day');
    expect(month.points).toHaveLength(30);
    expect(month.points[0]).toEqual({ label: '2026-11-01', value: 1 });
    // 96 days from Sunday 1 November: 13 weeks from Sunday, then Sunday 31 January to Thursday 4 February.
    const weeks = bucketed(days('2026-11-01', 96));
    expect(weeks.bucket).toBe('week');
    expect(weeks.points.slice(0, 2)).toEqual([
      { label: '2026-11-01', value: 7 },
      { label: '2026-11-08', value: 7 },
    ]);
    expect(weeks.points.at(-1)).toEqual({ label: '2027-01-31', value: 5 });
    // Two years from 1 December: a point a calendar month, each day counted once.
    const months = bucketed(days('2025-12-01', 730));
    expect(months.bucket).toBe('month');
    expect(months.points).toHaveLength(24);
    expect(months.points[2]).toEqual({ label: '2026-02-01', value: 28 });
    expect(months.points.reduce((sum, point) => sum + point.value, 0)).toBe(730);
  });
});
