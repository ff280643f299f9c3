import { dayAfter } from '@site/api-contract';

/** The UTC day of a time, YYYY-MM-DD: analytics count in UTC days, the salt's lifetime included. */
export const dayOf = (time: Date | number) => new Date(time).toISOString().slice(0, 10);

/** The UTC day `count` days before `day`. */
export const daysBefore = (day: string, count: number) => dayAfter(day, -count);

/** Raw views and asset fetches are kept for this many days, today included. */
export const RAW_DAYS = 30;

/** A period of whole UTC days, both ends included (YYYY-MM-DD). */
export type Period = { from: string; to: string };
