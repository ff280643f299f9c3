import { beforeAll, describe, expect, it } from 'vitest';
import { businessHours, type BusinessHours, type BusinessHoursSettings } from './business-hours.js';
import { firstResponseClock } from './first-response.js';
import { loadHolidayCalendar } from './holiday-calendar.js';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const cyprus: BusinessHoursSettings = {
  timeZone: 'Europe/Nicosia',
  weekdays: [1, 2, 3, 4, 5],
  hours: [{ start: 9 * 60, end: 18 * 60 }],
  holidays: { country: 'CY', closed: [], open: [] },
};
const load = async (settings: BusinessHoursSettings) =>
  businessHours(settings, await loadHolidayCalendar(settings.holidays));

// Instants are written in UTC: Nicosia is UTC+2 in winter, UTC+3 from the last Sunday of March to the
// last Sunday of October, so 09:00 there is 07:00Z in winter and 06:00Z in summer.
describe('business hours in Nicosia, Monday to Friday 09:00-18:00, Cypriot holidays', () => {
  let hours: BusinessHours;
  beforeAll(async () => {
    hours = await load(cyprus);
  });

  it('counts from the next opening for a conversation opened outside the hours', () => {
    // Tuesday 20:00 and Saturday 10:00 local: the next four working hours end at 13:00 of the next working day.
    expect(hours.timeAfter(at('2026-11-24T18:00:00Z'), 4 * HOUR)).toEqual(at('2026-11-25T11:00:00Z'));
    expect(hours.timeAfter(at('2026-11-28T08:00:00Z'), 4 * HOUR)).toEqual(at('2026-11-30T11:00:00Z'));
    expect(hours.timeBetween(at('2026-11-28T08:00:00Z'), at('2026-11-29T20:00:00Z'))).toBe(0);
    expect(hours.isOpen(at('2026-11-28T08:00:00Z'))).toBe(false);
    expect(hours.isOpen(at('2026-11-27T08:00:00Z'))).toBe(true);
  });

  it('skips the weekend, and ends at a closing when the time runs out there', () => {
    // Friday 16:00 local: two hours on Friday, two on Monday.
    expect(hours.timeAfter(at('2026-11-27T14:00:00Z'), 4 * HOUR)).toEqual(at('2026-11-30T09:00:00Z'));
    expect(hours.timeBetween(at('2026-11-27T14:00:00Z'), at('2026-11-30T09:00:00Z'))).toBe(4 * HOUR);
    // Thursday 14:00 local plus four hours is 18:00 the same day, not 09:00 on Friday.
    expect(hours.timeAfter(at('2026-11-26T12:00:00Z'), 4 * HOUR)).toEqual(at('2026-11-26T16:00:00Z'));
  });

  it('spans several days: 20 working hours from Monday 10:00 end on Wednesday 12:00', () => {
    expect(hours.timeAfter(at('2026-11-23T08:00:00Z'), 20 * HOUR)).toEqual(at('2026-11-25T10:00:00Z'));
    expect(hours.timeBetween(at('2026-11-23T08:00:00Z'), at('2026-11-25T10:00:00Z'))).toBe(20 * HOUR);
  });

  it('closes on Orthodox Good Friday and Easter Monday (Easter 2026 is 12 April)', () => {
    // Thursday 9 April 17:00 local: one hour, then Good Friday, the weekend and Easter Monday, then three on Tuesday.
    expect(hours.timeAfter(at('2026-04-09T14:00:00Z'), 4 * HOUR)).toEqual(at('2026-04-14T09:00:00Z'));
    expect(hours.timeBetween(at('2026-04-10T06:00:00Z'), at('2026-04-13T15:00:00Z'))).toBe(0);
  });

  it('closes on Green Monday, 48 days before Orthodox Easter, and not on the Tuesday after it', () => {
    // Friday 20 February 17:00 local; Monday 23 February 2026 is Green Monday.
    expect(hours.timeAfter(at('2026-02-20T15:00:00Z'), 4 * HOUR)).toEqual(at('2026-02-24T10:00:00Z'));
    expect(hours.isOpen(at('2026-02-23T10:00:00Z'))).toBe(false);
    expect(hours.isOpen(at('2026-02-24T10:00:00Z'))).toBe(true);
  });

  it('closes on Kataklysmos, 50 days after Orthodox Easter, and on fixed holidays', () => {
    expect(hours.isOpen(at('2026-06-01T09:00:00Z'))).toBe(false); // Kataklysmos, a Monday
    expect(hours.isOpen(at('2026-03-25T09:00:00Z'))).toBe(false); // Annunciation, a Wednesday
    expect(hours.isOpen(at('2026-10-01T09:00:00Z'))).toBe(false); // Independence Day, a Thursday
    expect(hours.isOpen(at('2026-05-11T09:00:00Z'))).toBe(true); // the day after Mother's Day, an observance
  });

  it('counts a working day as nine hours across the spring change (29 March 2026)', () => {
    // Friday 27 March 16:00 (UTC+2) plus four hours: Monday 30 March 11:00, now UTC+3.
    expect(hours.timeAfter(at('2026-03-27T14:00:00Z'), 4 * HOUR)).toEqual(at('2026-03-30T08:00:00Z'));
    // Friday 09:00 to Monday 18:00: two whole working days, though the wall clock lost an hour between.
    expect(hours.timeBetween(at('2026-03-27T07:00:00Z'), at('2026-03-30T15:00:00Z'))).toBe(18 * HOUR);
  });

  it('counts a working day as nine hours across the autumn change (25 October 2026)', () => {
    // Friday 23 October 17:00 (UTC+3) plus two hours: Monday 26 October 10:00, now UTC+2.
    expect(hours.timeAfter(at('2026-10-23T14:00:00Z'), 2 * HOUR)).toEqual(at('2026-10-26T08:00:00Z'));
    expect(hours.timeBetween(at('2026-10-23T06:00:00Z'), at('2026-10-26T16:00:00Z'))).toBe(18 * HOUR);
  });
});

describe('business hours from other settings', () => {
  it('makes the day of a clock change 23 and 25 hours long when the company works round the clock', async () => {
    const always = await load({
      ...cyprus,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      hours: [{ start: 0, end: 24 * 60 }],
      holidays: { country: null, closed: [], open: [] },
    });
    // Midnight to midnight in Nicosia on 29 March and 25 October 2026.
    expect(always.timeBetween(at('2026-03-28T22:00:00Z'), at('2026-03-29T21:00:00Z'))).toBe(23 * HOUR);
    expect(always.timeBetween(at('2026-10-24T21:00:00Z'), at('2026-10-25T22:00:00Z'))).toBe(25 * HOUR);
  });

  it('closes on the settings’ extra days, opens on holidays not observed, and keeps a lunch break', async () => {
    const hours = await load({
      ...cyprus,
      hours: [
        { start: 9 * 60, end: 13 * 60 },
        { start: 14 * 60, end: 18 * 60 },
      ],
      holidays: { country: 'CY', closed: ['12-24', '2026-11-27'], open: ['10-28'] },
    });
    expect(hours.isOpen(at('2026-12-24T09:00:00Z'))).toBe(false);
    expect(hours.isOpen(at('2027-12-24T09:00:00Z'))).toBe(false);
    expect(hours.isOpen(at('2026-11-27T09:00:00Z'))).toBe(false);
    expect(hours.isOpen(at('2026-10-28T09:00:00Z'))).toBe(true);
    // Wednesday 28 October 12:00 local (UTC+2) plus two hours: one before lunch, one after it, 15:00.
    expect(hours.timeAfter(at('2026-10-28T10:00:00Z'), 2 * HOUR)).toEqual(at('2026-10-28T13:00:00Z'));
  });

  it('works Sunday to Thursday in another time zone', async () => {
    const hours = await load({
      timeZone: 'Asia/Dubai',
      weekdays: [7, 1, 2, 3, 4],
      hours: [{ start: 8 * 60, end: 16 * 60 }],
      holidays: { country: null, closed: [], open: [] },
    });
    // Thursday 15:00 in Dubai (UTC+4): one hour, then Friday and Saturday off, three on Sunday.
    expect(hours.timeAfter(at('2026-11-26T11:00:00Z'), 4 * HOUR)).toEqual(at('2026-11-29T07:00:00Z'));
  });
});

describe('the first-response clock, four business hours', () => {
  let clock: ReturnType<typeof firstResponseClock>;
  beforeAll(async () => {
    clock = firstResponseClock(await load(cyprus), 4 * HOUR);
  });
  // Friday 16:00 local: due on Monday at 11:00 local (09:00Z); due soon from 10:00 local.
  const received = at('2026-11-27T14:00:00Z');

  it('expects the answer four business hours after the message came', () => {
    expect(clock.answerExpectedBy(received)).toEqual(at('2026-11-30T09:00:00Z'));
  });

  it('is due, then due soon at three hours, then overdue at four, counting business time only', () => {
    const dueAt = at('2026-11-30T09:00:00Z');
    expect(clock.waiting(received, at('2026-11-29T12:00:00Z'))).toEqual({
      state: 'due',
      dueAt,
      leftMs: 2 * HOUR,
    });
    expect(clock.waiting(received, at('2026-11-30T07:59:59Z'))).toMatchObject({ state: 'due' });
    expect(clock.waiting(received, at('2026-11-30T08:00:00Z'))).toEqual({
      state: 'due-soon',
      dueAt,
      leftMs: HOUR,
    });
    expect(clock.waiting(received, at('2026-11-30T09:00:00Z'))).toEqual({
      state: 'overdue',
      dueAt,
      overMs: 0,
    });
    expect(clock.waiting(received, at('2026-11-30T20:00:00Z'))).toEqual({
      state: 'overdue',
      dueAt,
      overMs: 7 * HOUR,
    });
  });

  it('stores the first reply in business time and on the wall clock', () => {
    expect(clock.answered(received, at('2026-11-30T08:30:00Z'))).toEqual({
      businessSeconds: 3.5 * 3600,
      wallSeconds: (2 * 24 + 18.5) * 3600,
    });
  });
});
