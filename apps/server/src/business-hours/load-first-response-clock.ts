import { businessHours, type BusinessHoursSettings } from './business-hours.js';
import { type FirstResponseClock, firstResponseClock } from './first-response.js';
import { loadHolidayCalendar } from './holiday-calendar.js';

/** The first-response clock, made when first asked for. */
export type FirstResponseClockLoader = () => Promise<FirstResponseClock>;

/**
 * The first-response clock of the settings, made on first use (the holiday calendar takes a while to
 * load) and then kept: the server and the command line ask for it only when they show or store one.
 */
export function firstResponseClockLoader(
  settings: BusinessHoursSettings,
  targetMs: number,
): FirstResponseClockLoader {
  let loading: Promise<FirstResponseClock> | undefined;
  return () =>
    (loading ??= loadHolidayCalendar(settings.holidays).then((closedOn) =>
      firstResponseClock(businessHours(settings, closedOn), targetMs),
    ));
}
