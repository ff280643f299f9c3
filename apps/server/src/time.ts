/** A day of 24 hours, for ages and periods counted in days; calendar days in a time zone are not this long. */
export const DAY_MS = 24 * 60 * 60 * 1000;
