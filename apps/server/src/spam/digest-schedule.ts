import { wallClockAsUtc } from '../business-hours/zoned-time.js';
import { DAY_MS } from '../time.js';

/** When the daily spam digest is due: an hour of the day in the company's time zone, clocks changing or not. */

/** One digest: its day in the time zone (YYYY-MM-DD), and the spam it lists, received from `from` until `to`. */
export type DigestDay = { day: string; from: string; to: string };

/**
 * The moment the clocks of `timeZone` show `hour`:00 on the day of `date` (a UTC midnight naming the
 * day). In the hour clocks skip it is the hour after; in the hour they repeat, the second time.
 */
function momentOf(date: number, hour: number, timeZone: string): number {
  const wanted = date + hour * 3_600_000;
  const guess = wanted - (wallClockAsUtc(wanted, timeZone) - wanted);
  return wanted - (wallClockAsUtc(guess, timeZone) - guess);
}

/** The digest whose hour came last at `now`: the one due now, unless sent already. */
export function latestDigest(now: Date, hour: number, timeZone: string): DigestDay {
  const wall = wallClockAsUtc(now.getTime(), timeZone);
  let date = wall - (wall % DAY_MS);
  if (momentOf(date, hour, timeZone) > now.getTime()) date -= DAY_MS;
  return {
    day: new Date(date).toISOString().slice(0, 10),
    from: new Date(momentOf(date - DAY_MS, hour, timeZone)).toISOString(),
    to: new Date(momentOf(date, hour, timeZone)).toISOString(),
  };
}
