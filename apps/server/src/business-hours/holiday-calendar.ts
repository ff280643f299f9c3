import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type Holidays from 'date-holidays';
import type { LocalDate } from './zoned-time.js';

/** The days the company is closed for a holiday in a year. */
export type HolidayCalendar = (year: number) => Set<LocalDate>;

export type HolidaySettings = {
  /** The country whose public holidays close the company (ISO 3166 code), or null for none. */
  country: string | null;
  /** Days closed besides. */
  closed: string[];
  /** Holidays of the country the company works on. */
  open: string[];
};

/**
 * Where the maintained calendar (date-holidays) is wrong for a country, as days to close and days to
 * open again, in its own rule forms (decision 064). Cyprus: Green Monday is 48 days before Orthodox
 * Easter, a Monday, where the calendar has the Tuesday after it, and Kataklysmos (Whit Monday) is 50
 * days after, which it leaves out.
 */
const corrections: Record<string, { closed: string[]; open: string[] }> = {
  CY: { closed: ['orthodox -48', 'orthodox 50'], open: ['orthodox -47'] },
};

/**
 * The forms a day of the settings may take: a date (`2026-12-24`), a day of every year (`12-24`), or a day
 * counted from Easter or Orthodox Easter (`orthodox 2`, `easter -2`). Each is a rule of the calendar too.
 */
const dayForm = /^(?:(?:(\d{4})-)?(\d{2})-(\d{2})|(?:easter|orthodox)(?: [+-]?\d{1,3})?)$/;

/** Why `day` is not one of the settings' forms of a day, or undefined when it is. */
export function dayRuleProblem(day: string): string | undefined {
  const match = dayForm.exec(day);
  // A leap year when none is given, so that 02-29 is a day of every year.
  const [, year = '2024', month, date] = match ?? [];
  const real =
    month === undefined || new Date(`${year}-${month}-${date}T00:00:00Z`).getUTCDate() === Number(date);
  return match && real
    ? undefined
    : `${day} is not a date (2026-12-24), a day of every year (12-24) or a day from Easter (orthodox 2, easter -2)`;
}

/**
 * Whether the maintained calendar knows `country` (an ISO 3166 code: CY, GR, DE ...), from its files: the
 * calendar itself takes a while to load, which the settings do not wait for.
 */
export function knownHolidayCountry(country: string): boolean {
  const calendarDir = dirname(createRequire(import.meta.url).resolve('date-holidays/package.json'));
  return /^[A-Z]{2}$/.test(country) && existsSync(join(calendarDir, 'data', 'countries', `${country}.yaml`));
}

function ruleCalendar(Calendar: typeof Holidays, rules: string[]): Holidays {
  const calendar = new Calendar();
  for (const rule of rules)
    if (!calendar.setHoliday(rule, { name: rule, type: 'public' }))
      throw new Error(`${rule} is not a rule of the holiday calendar`);
  return calendar;
}

const publicDays = (calendar: Holidays, year: number): LocalDate[] =>
  calendar
    .getHolidays(year)
    .filter((holiday) => holiday.type === 'public')
    .map((holiday) => holiday.date.slice(0, 10));

/**
 * The days the company is closed for a holiday, per year: the country's public holidays (not its
 * observances, nor bank holidays), corrected, less the settings' open days, with their closed days.
 */
export async function loadHolidayCalendar({
  country,
  closed,
  open,
}: HolidaySettings): Promise<HolidayCalendar> {
  const { default: Calendar } = await import('date-holidays');
  const fixes = (country && corrections[country]) || { closed: [], open: [] };
  const national = country ? new Calendar(country) : undefined;
  const fixedClosed = ruleCalendar(Calendar, fixes.closed);
  const reopened = ruleCalendar(Calendar, [...fixes.open, ...open]);
  const alsoClosed = ruleCalendar(Calendar, closed);
  const years = new Map<number, Set<LocalDate>>();

  return (year) => {
    let days = years.get(year);
    if (!days) {
      const opened = new Set(publicDays(reopened, year));
      const holidays = [...(national ? publicDays(national, year) : []), ...publicDays(fixedClosed, year)];
      days = new Set([...holidays.filter((day) => !opened.has(day)), ...publicDays(alsoClosed, year)]);
      years.set(year, days);
    }
    return days;
  };
}
