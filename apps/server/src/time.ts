/** A day of 24 hours, for ages and periods counted in days; calendar days in a time zone are not this long. */
export { DAY_MS } from '@site/api-contract';
