import type { OpeningSpan } from './business-week.js';
import type { HolidayCalendar, HolidaySettings } from './holiday-calendar.js';
import { dateOfDay, dayNumberOf, instantOf, localDateOf, weekdayOf } from './zoned-time.js';

/** When the company works: its time zone, weekdays, hours and holidays (docs/configuration.md). */
export type BusinessHoursSettings = {
  /** IANA name, e.g. Europe/Nicosia: the hours are its wall-clock hours, summer time or not. */
  timeZone: string;
  /** ISO weekdays, Monday 1 ... Sunday 7. */
  weekdays: number[];
  hours: OpeningSpan[];
  holidays: HolidaySettings;
};

/** One stretch of business time, as instants (milliseconds since the epoch). */
type Stretch = [start: number, end: number];

/** Days whose stretches are kept; a year's worth many times over, so a list's rows share them. */
const KEPT_DAYS = 4096;
/** How far ahead an end is looked for: a calendar with no working day in it is not one. */
const MAX_DAYS_AHEAD = 3660;

/**
 * Business time (decision 064): the working stretches of each calendar day in the company's time zone,
 * each read from the zone's own clock, so a day when summer time starts or ends is as long as its
 * opening hours say. Everything here is plain arithmetic over those stretches; `closedOn` is
 * loadHolidayCalendar's answer for the settings' holidays.
 */
export function businessHours(
  { timeZone, weekdays, hours }: BusinessHoursSettings,
  closedOn: HolidayCalendar,
) {
  const days = new Map<number, Stretch[]>();
  /** The day number `instant` falls on in the company's time zone. */
  const dayOf = (instant: number) => dayNumberOf(localDateOf(instant, timeZone));

  const stretchesOf = (day: number): Stretch[] => {
    let stretches = days.get(day);
    if (stretches) return stretches;
    const date = dateOfDay(day);
    const working = weekdays.includes(weekdayOf(date)) && !closedOn(Number(date.slice(0, 4))).has(date);
    stretches = working
      ? hours.map(({ start, end }): Stretch => [
          instantOf(date, start, timeZone),
          instantOf(date, end, timeZone),
        ])
      : [];
    if (days.size >= KEPT_DAYS) days.clear();
    days.set(day, stretches);
    return stretches;
  };

  return {
    /** The business time from `from` to `to`, in milliseconds; 0 when `to` is not after `from`. */
    timeBetween(from: Date, to: Date): number {
      const end = to.getTime();
      let total = 0;
      if (end <= from.getTime()) return 0;
      const lastDay = dayOf(end);
      for (let day = dayOf(from.getTime()); day <= lastDay; day++)
        for (const [start, stop] of stretchesOf(day))
          total += Math.max(0, Math.min(stop, end) - Math.max(start, from.getTime()));
      return total;
    },

    /**
     * The instant at which `duration` milliseconds of business time since `start` have passed: a time
     * outside the hours counts from the next opening; an end exactly at a closing is that closing.
     */
    timeAfter(start: Date, duration: number): Date {
      const from = start.getTime();
      let left = duration;
      const first = dayOf(from);
      for (let day = first; day < first + MAX_DAYS_AHEAD; day++)
        for (const [open, close] of stretchesOf(day)) {
          const begin = Math.max(open, from);
          if (close <= begin) continue;
          if (left <= close - begin) return new Date(begin + left);
          left -= close - begin;
        }
      throw new Error(`no working time within ${MAX_DAYS_AHEAD} days of ${start.toISOString()}`);
    },

    /** Whether the company is working at `instant`. */
    isOpen(instant: Date): boolean {
      const at = instant.getTime();
      return stretchesOf(dayOf(at)).some(([start, end]) => start <= at && at < end);
    },
  };
}

export type BusinessHours = ReturnType<typeof businessHours>;
