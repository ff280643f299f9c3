/**
 * The settings' forms of the working week: days (`mon-fri`, `sun-thu`, `mon,wed,fri`) and opening hours
 * (`09:00-18:00`, or several spans, `09:00-13:00,14:00-18:00`), parsed once when the settings are read.
 */

export const weekdayNames = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Minutes after midnight, a span from `start` to `end` on one day. */
export type OpeningSpan = { start: number; end: number };

/** The ISO weekdays (Monday 1 ... Sunday 7) a list such as `mon-fri` or `sun-thu,sat` names, or a problem. */
export function parseWeekdays(text: string): number[] | string {
  const days = new Set<number>();
  for (const item of text
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())) {
    const [from, to = from, ...rest] = item.split('-');
    const first = weekdayNames.indexOf(from as (typeof weekdayNames)[number]);
    const last = weekdayNames.indexOf(to as (typeof weekdayNames)[number]);
    if (first < 0 || last < 0 || rest.length > 0)
      return `${item || '(empty)'} is not a day or a range of days such as mon-fri (mon, tue, wed, thu, fri, sat, sun)`;
    // A range may wrap round the week's end: sun-thu.
    for (let day = first; ; day = (day + 1) % 7) {
      days.add(day + 1);
      if (day === last) break;
    }
  }
  return [...days].sort((a, b) => a - b);
}

const clockTime = /^(\d{2}):(\d{2})$/;

const minutesOf = (text: string): number | undefined => {
  const match = clockTime.exec(text.trim());
  if (!match) return undefined;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return undefined;
  return hours * 60 + minutes;
};

/** The spans `09:00-18:00` or `09:00-13:00,14:00-18:00` name, in order and apart, or a problem. */
export function parseOpeningHours(text: string): OpeningSpan[] | string {
  const spans: OpeningSpan[] = [];
  for (const item of text.split(',')) {
    const [from = '', to = '', ...rest] = item.split('-');
    const start = minutesOf(from);
    const end = minutesOf(to);
    if (start === undefined || end === undefined || rest.length > 0)
      return `${item.trim() || '(empty)'} is not a span of the day such as 09:00-18:00 (24-hour clock)`;
    if (end <= start) return `${item.trim()} ends before it starts`;
    if (spans.length > 0 && start < spans.at(-1)!.end)
      return `${item.trim()} overlaps or comes before the span before it`;
    spans.push({ start, end });
  }
  return spans;
}

/** `4h`, `90m`, `1h30m`: a duration of business time in milliseconds, or undefined. */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?$/.exec(text.trim().toLowerCase());
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const ms = (Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0)) * 60_000;
  return ms > 0 ? ms : undefined;
}
