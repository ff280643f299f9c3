import { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS, type ReportQuery } from '@site/api-contract';
import {
  dateOfDay,
  dayNumberOf,
  instantOf,
  type LocalDate,
  localDateOf,
} from '../business-hours/zoned-time.js';

/** A report's days in the business time zone, both included (YYYY-MM-DD). */
export type ReportDays = { from: LocalDate; to: LocalDate };

/** A day of a report in the business time zone and the instants it runs between: [start, end), ISO times. */
export type ReportDay = { day: LocalDate; start: string; end: string };

/**
 * The range a query asks for: `to` defaults to today (or `from`, when that is later), `from` to
 * REPORT_DEFAULT_DAYS days up to `to`; a `from` given alone is moved up to REPORT_MAX_DAYS days before `to`.
 */
export function reportDaysOf(
  { from, to }: Pick<ReportQuery, 'from' | 'to'>,
  timeZone: string,
  now: number,
): ReportDays {
  const today = localDateOf(now, timeZone);
  const last = to ?? (from && from > today ? from : today);
  const earliest = dateOfDay(dayNumberOf(last) - REPORT_MAX_DAYS + 1);
  const first = from ?? dateOfDay(dayNumberOf(last) - REPORT_DEFAULT_DAYS + 1);
  return { from: first < earliest ? earliest : first, to: last };
}

/** Every day of the range, oldest first. */
export function daysOf({ from, to }: ReportDays): LocalDate[] {
  const days: LocalDate[] = [];
  for (let day = dayNumberOf(from); day <= dayNumberOf(to); day++) days.push(dateOfDay(day));
  return days;
}

const iso = (instant: number) => new Date(instant).toISOString();

/**
 * The range as instants, [start, end) as ISO times, and each of its days from the midnight the zone's
 * clocks showed to the next: a day is 23 or 25 hours long when the clocks change in it, so each stored
 * time is counted on the day the zone's clocks showed.
 */
export function rangeInstants(range: ReportDays, timeZone: string) {
  const localDays = daysOf(range);
  const midnights = [...localDays, dateOfDay(dayNumberOf(range.to) + 1)].map((day) =>
    iso(instantOf(day, 0, timeZone)),
  );
  const days: ReportDay[] = localDays.map((day, n) => ({
    day,
    start: midnights[n]!,
    end: midnights[n + 1]!,
  }));
  return { start: midnights[0]!, end: midnights.at(-1)!, days };
}
