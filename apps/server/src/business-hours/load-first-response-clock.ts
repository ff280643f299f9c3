import { businessHours, type BusinessHoursSettings } from './business-hours.js';
import { type FirstResponseClock, firstResponseClock } from './first-response.js';
import { loadHolidayCalendar } from './holiday-calendar.js';

/**
 * The first-response clock, made when first asked for; its time zone and target are known without it
 * (the reports count days in the zone).
 */
export type FirstResponseClockLoader = (() => Promise<FirstResponseClock>) & {
  readonly timeZone: string;
  readonly targetMs: number;
};

/**
 * The first-response clock of the settings, made on first use (the holiday calendar takes a while to
 * load) and then kept: the server and the command line ask for it only when they show or store one.
 */
export function firstResponseClockLoader(
  settings: BusinessHoursSettings,
  targetMs: number,
): FirstResponseClockLoader {
  let loading: Promise<FirstResponseClock> | undefined;
  const load = () =>
    (loading ??= loadHolidayCalendar(settings.holidays).then((closedOn) =>
      firstResponseClock(businessHours(settings, closedOn), targetMs),
    ));
  return Object.assign(load, { timeZone: settings.timeZone, targetMs });
}
