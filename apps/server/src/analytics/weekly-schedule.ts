import { dateOfDay, dayNumberOf, instantOf, localDateOf, weekdayOf } from '../business-hours/zoned-time.js';

/**
 * One weekly mail: `week`, the day it is sent (YYYY-MM-DD in the time zone), and the seven UTC days
 * before it that it reports (`from` to `to`, both included: the figures count in UTC days).
 */
export type WeeklyMailWeek = { week: string; from: string; to: string };

/**
 * The weekly mail whose moment came last at `now`: `weekday` (Monday 1 ... Sunday 7) at `hour`:00 on the
 * clocks of `timeZone`, clocks changing or not (an hour they skip is taken as the hour after).
 */
export function latestWeek(now: Date, weekday: number, hour: number, timeZone: string): WeeklyMailWeek {
  const today = localDateOf(now.getTime(), timeZone);
  let day = dayNumberOf(today) - ((weekdayOf(today) - weekday + 7) % 7);
  if (instantOf(dateOfDay(day), hour * 60, timeZone) > now.getTime()) day -= 7;
  return { week: dateOfDay(day), from: dateOfDay(day - 7), to: dateOfDay(day - 1) };
}
