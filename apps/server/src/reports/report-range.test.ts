import { describe, expect, it } from 'vitest';
import { daysOf, rangeInstants, reportDaysOf } from './report-range.js';

const ZONE = 'Europe/Nicosia';

describe("a report's range", () => {
  it('runs from the first midnight to the one after the last day, each day from its midnight to the next', () => {
    // Summer time ends at 04:00 local (01:00 UTC) on Sunday 25 October 2026: that day is 25 hours long.
    const { start, end, days } = rangeInstants({ from: '2026-10-24', to: '2026-10-26' }, ZONE);
    expect({ start, end }).toEqual({ start: '2026-10-23T21:00:00.000Z', end: '2026-10-26T22:00:00.000Z' });
    expect(days).toEqual([
      { day: '2026-10-24', start: '2026-10-23T21:00:00.000Z', end: '2026-10-24T21:00:00.000Z' },
      { day: '2026-10-25', start: '2026-10-24T21:00:00.000Z', end: '2026-10-25T22:00:00.000Z' },
      { day: '2026-10-26', start: '2026-10-25T22:00:00.000Z', end: '2026-10-26T22:00:00.000Z' },
    ]);
    // It starts on 28 March 2027 at 03:00 local (01:00 UTC): that day is 23 hours long.
    expect(rangeInstants({ from: '2027-03-28', to: '2027-03-28' }, ZONE).days).toEqual([
      { day: '2027-03-28', start: '2027-03-27T22:00:00.000Z', end: '2027-03-28T21:00:00.000Z' },
    ]);
  });

  it('defaults to the 30 days up to today in the zone, and keeps a lone from to ten years', () => {
    // 23:30 UTC on 28 November is already 29 November in Nicosia.
    const now = Date.parse('2026-11-28T23:30:00Z');
    expect(reportDaysOf({}, ZONE, now)).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    expect(reportDaysOf({ to: '2026-02-10' }, ZONE, now)).toEqual({ from: '2026-01-12', to: '2026-02-10' });
    expect(reportDaysOf({ from: '2027-01-05' }, ZONE, now)).toEqual({ from: '2027-01-05', to: '2027-01-05' });
    expect(reportDaysOf({ from: '1990-01-01' }, ZONE, now)).toEqual({ from: '2016-11-22', to: '2026-11-29' });
    expect(daysOf({ from: '2026-02-27', to: '2026-03-01' })).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
  });
});
