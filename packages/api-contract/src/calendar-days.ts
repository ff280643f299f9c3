/** Calendar days as YYYY-MM-DD, counted in whole days of UTC: the days of ranges and series. */

export const DAY_MS = 86_400_000;

/** Whether `text` names a day of the calendar (2026-02-30 does not). */
export function isCalendarDay(text: string): boolean {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The day `count` days after `day` (before it, when negative). */
export const dayAfter = (day: string, count: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);

/** Days between two days: 0 for the same day. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
