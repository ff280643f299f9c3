import { describe, expect, it } from 'vitest';
import { rangeOf } from './date-ranges.ts';

describe("the dashboard's periods", () => {
  it('end today in UTC, or are last calendar month, whatever the zone of the browser', () => {
    const now = new Date('2026-03-01T00:30:00Z');
    expect(rangeOf('7-days', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(rangeOf('30-days', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(rangeOf('this-month', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(rangeOf('last-month', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(rangeOf('12-months', now)).toEqual({ from: '2025-03-02', to: '2026-03-01' });
    expect(rangeOf('last-month', new Date('2026-01-15T12:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(rangeOf('custom', now)).toBeUndefined();
  });
});
