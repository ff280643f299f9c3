import { describe, expect, it } from 'vitest';
import { daysOf, rangeInstants, reportDaysOf } from './report-range.js';

const ZONE = 'Europe/Nicosia';

describe("a report's range", () => {
  it('runs from the first midnight to the one after the last day, with a span at each change of the clocks', () => {
    // Summer time ends at 04:00 local (01:00 UTC) on Sunday 25 October 2026, and starts on 28 March 2027.
    expect(rangeInstants({ from: '2026-10-24', to: '2027-03-28' }, ZONE)).toEqual({
      start: '2026-10-23T21:00:00.000Z',
      end: '2027-03-28T21:00:00.000Z',
      spans: [
        { since: '2026-10-23T21:00:00.000Z', offsetSeconds: 3 * 3600 },
        { since: '2026-10-25T01:00:00.000Z', offsetSeconds: 2 * 3600 },
        { since: '2027-03-28T01:00:00.000Z', offsetSeconds: 3 * 3600 },
      ],
    });
    expect(rangeInstants({ from: '2026-11-23', to: '2026-11-29' }, ZONE).spans).toHaveLength(1);
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
