/** A calendar day as YYYY-MM-DD. */
export type LocalDate = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock reading of `instant` in `timeZone`, as if that reading were UTC (milliseconds dropped):
 * its difference to `instant` is the zone's offset then.
 */
export function wallClockAsUtc(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds (whole seconds). */
export const offsetAt = (instant: number, timeZone: string): number =>
  wallClockAsUtc(Math.floor(instant / 1000) * 1000, timeZone) - Math.floor(instant / 1000) * 1000;

/** The calendar day `instant` falls on in `timeZone`. */
export const localDateOf = (instant: number, timeZone: string): LocalDate =>
  new Date(instant + offsetAt(instant, timeZone)).toISOString().slice(0, 10);

/** Monday 1 ... Sunday 7 (ISO 8601) of a calendar day. */
export const weekdayOf = (date: LocalDate): number => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/** A calendar day as a number, days since 1970-01-01, for loops over days. */
export const dayNumberOf = (date: LocalDate): number => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** The calendar day of a day number. */
export const dateOfDay = (day: number): LocalDate => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * The instant the clocks of `timeZone` show `minute` (minutes after midnight) on `date`. A reading the
 * clocks skip (they are put forward over it) is taken with the offset before the change, so it lands as
 * far after the skipped hour's start as it was meant to; a reading they show twice (put back), the first.
 */
export function instantOf(date: LocalDate, minute: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  // The offset a few hours before and at the reading: one of them is right (changes are hours apart).
  const earlier = wall - offsetAt(wall - 6 * 3_600_000, timeZone);
  if (wallClockAsUtc(earlier, timeZone) === wall) return earlier;
  const later = wall - offsetAt(wall, timeZone);
  return wallClockAsUtc(later, timeZone) === wall ? later : earlier;
}
