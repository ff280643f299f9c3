import { describe, expect, it } from 'vitest';
import { formatDateTime, formatShort } from './dates.ts';

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

// The admin project runs in Europe/Nicosia (UTC+2 in winter, UTC+3 in summer).
describe('formatShort', () => {
  const now = new Date('2026-03-29T09:00:00Z');

  it('shows the time for a message of today in the operator’s zone, the day for anything older', () => {
    // 00:30 on 29 March in Cyprus, though still 28 March in UTC.
    const afterMidnight = '2026-03-28T22:30:00Z';
    expect(formatShort(afterMidnight, now)).toBe(time.format(new Date(afterMidnight)));
    // 23:30 on 28 March in Cyprus: yesterday.
    const beforeMidnight = '2026-03-28T21:30:00Z';
    expect(formatShort(beforeMidnight, now)).toBe(day.format(new Date(beforeMidnight)));
    expect(formatShort(beforeMidnight, now)).not.toBe(formatShort(afterMidnight, now));
  });

  it('takes the current time when none is given', () => {
    const iso = new Date().toISOString();
    expect(formatShort(iso)).toBe(time.format(new Date(iso)));
  });
});

describe('formatDateTime', () => {
  it('gives the date and time in the operator’s zone and language', () => {
    const iso = '2026-07-01T21:30:00.000Z';
    expect(formatDateTime(iso)).toBe(dateTime.format(new Date(iso)));
    // 00:30 on 2 July in Cyprus.
    expect(dateTime.formatToParts(new Date(iso)).find((part) => part.type === 'day')?.value).toBe('2');
  });
});
