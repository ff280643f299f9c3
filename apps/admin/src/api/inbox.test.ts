import { describe, expect, it } from 'vitest';
import { queryOf } from './inbox.ts';

const params = (query: string) => Object.fromEntries(new URLSearchParams(query));

describe('queryOf', () => {
  it('runs in a zone whose clocks change: Cyprus, UTC+2 in winter and UTC+3 in summer (the admin project sets TZ)', () => {
    expect([new Date(2026, 0, 15).getTimezoneOffset(), new Date(2026, 6, 15).getTimezoneOffset()]).toEqual([
      -120, -180,
    ]);
  });

  it('leaves out what the filter does not set, and empty values', () => {
    expect(queryOf({ spam: false })).toBe('');
    expect(queryOf({ spam: false, site: '', search: '   ', since: '', until: '' })).toBe('');
    expect(queryOf({ spam: false }, { before: undefined, after: '' })).toBe('');
  });

  it('gives the status, spam, site, trimmed search and the extra parameters', () => {
    expect(
      params(
        queryOf(
          { spam: true, status: 'answered', site: 'partner-1', search: '  SMS & CRM ' },
          { before: 42 },
        ),
      ),
    ).toEqual({ status: 'answered', spam: 'true', site: 'partner-1', search: 'SMS & CRM', before: '42' });
    expect(queryOf({ spam: false, mine: true })).toBe('mine=true');
  });

  it('turns the dates into whole days in the operator’s zone: from its midnight to the next', () => {
    expect(params(queryOf({ spam: false, since: '2026-01-15', until: '2026-01-15' }))).toEqual({
      since: '2026-01-14T22:00:00.000Z',
      until: '2026-01-15T22:00:00.000Z',
    });
    expect(params(queryOf({ spam: false, since: '2026-07-01', until: '2026-07-31' }))).toEqual({
      since: '2026-06-30T21:00:00.000Z',
      until: '2026-07-31T21:00:00.000Z',
    });
  });

  it('ends 29 March 2026, 23 hours long in Cyprus, at the next midnight', () => {
    // The clocks go from UTC+2 to UTC+3 at 03:00: the day ends at 21:00 UTC.
    expect(params(queryOf({ spam: false, since: '2026-03-29', until: '2026-03-29' }))).toEqual({
      since: '2026-03-28T22:00:00.000Z',
      until: '2026-03-29T21:00:00.000Z',
    });
  });

  it('ends 25 October 2026, 25 hours long in Cyprus, at the next midnight', () => {
    // The clocks go back from UTC+3 to UTC+2 at 04:00: the day ends at 22:00 UTC.
    expect(params(queryOf({ spam: false, since: '2026-10-25', until: '2026-10-25' }))).toEqual({
      since: '2026-10-24T21:00:00.000Z',
      until: '2026-10-25T22:00:00.000Z',
    });
  });
});
