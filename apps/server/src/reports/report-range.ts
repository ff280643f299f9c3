import { REPORT_DEFAULT_DAYS, REPORT_MAX_DAYS, type ReportQuery } from '@site/api-contract';
import {
  dateOfDay,
  dayNumberOf,
  instantOf,
  type LocalDate,
  localDateOf,
  offsetAt,
} from '../business-hours/zoned-time.js';

/** A report's days in the business time zone, both included (YYYY-MM-DD). */
export type ReportDays = { from: LocalDate; to: LocalDate };

/**
 * Where the zone's clocks stand to UTC over a range: from `since` (an ISO time; the first from the
 * range's start) they are `offsetSeconds` ahead, until the next one's `since`.
 */
export type OffsetSpan = { since: string; offsetSeconds: number };

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
 * The range as instants, [start, end) as ISO times, and the zone's offsets over it: a change of the
 * clocks (summer time) starts a new span at the very second it happens, found by halving the day it
 * falls in, so each stored time is counted on the day the zone's clocks showed.
 */
export function rangeInstants({ from, to }: ReportDays, timeZone: string) {
  const start = instantOf(from, 0, timeZone);
  const end = instantOf(dateOfDay(dayNumberOf(to) + 1), 0, timeZone);
  const spans: OffsetSpan[] = [{ since: iso(start), offsetSeconds: offsetAt(start, timeZone) / 1000 }];
  for (let day = dayNumberOf(from) + 1; day <= dayNumberOf(to) + 1; day++) {
    let before = instantOf(dateOfDay(day - 1), 0, timeZone);
    let after = instantOf(dateOfDay(day), 0, timeZone);
    const offset = offsetAt(after, timeZone);
    if (offset === offsetAt(before, timeZone)) continue;
    while (after - before > 1000) {
      const middle = before + Math.floor((after - before) / 2000) * 1000;
      if (offsetAt(middle, timeZone) === offset) after = middle;
      else before = middle;
    }
    if (after < end) spans.push({ since: iso(after), offsetSeconds: offset / 1000 });
  }
  return { start: iso(start), end: iso(end), spans };
}
