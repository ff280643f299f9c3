import { describe, expect, it } from 'vitest';
import { bucketed, bucketOf } from './report-buckets.ts';

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, n) => ({
    day: new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10),
    value: 1,
  }));

describe("a report's days on a chart", () => {
  it('stay days up to 62, become weeks from Monday up to 62 weeks, then months', () => {
    expect([bucketOf(62), bucketOf(63), bucketOf(434), bucketOf(435)]).toEqual([
      'Day',
      'Week',
      'Week',
      'Month',
    ]);
    expect(bucketed(days('2026-11-01', 30)).points).toHaveLength(30);
    // Sunday 1 November, then the weeks from Monday 2, 9 ... 30 November and one of 1 to 4 February.
    const weeks = bucketed(days('2026-11-01', 96));
    expect(weeks.bucket).toBe('Week');
    expect(weeks.points.slice(0, 3)).toEqual([
      { label: 'from 2026-10-26', value: 1 },
      { label: 'from 2026-11-02', value: 7 },
      { label: 'from 2026-11-09', value: 7 },
    ]);
    expect(weeks.points.at(-1)).toEqual({ label: 'from 2027-02-01', value: 4 });
    const months = bucketed(days('2025-12-01', 730));
    expect(months.points).toHaveLength(24);
    expect(months.points[2]).toEqual({ label: '2026-02', value: 28 });
  });
});
