import { z } from 'zod';
import { daysValid } from './admin-reports.js';
import { daysBetween, isCalendarDay } from './calendar-days.js';

/** The first-party analytics' figures on the wire: what the inbox's dashboard and `messages analytics --json` show. */

/** The campaign fields read from a page URL's query, in the order the figures list them. */
export const utmFields = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmField = (typeof utmFields)[number];

const today = () => new Date().toISOString().slice(0, 10);

/** A UTC day, YYYY-MM-DD, that is a real date (2026-02-30 is not). */
export const analyticsDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day such as 2026-01-31')
  .refine(isCalendarDay, 'must be a day such as 2026-01-31');

/** The longest period the figures are read for: ten years of days. */
export const ANALYTICS_MAX_DAYS = 3_660;

/**
 * `from` and `to` (UTC days, both included; default the 30 days up to today) and one site key (default
 * all): the query of the dashboard, and the options of `messages analytics`. Each message follows the
 * field's name: `from must not be after to`.
 */
export const analyticsQuery = z
  .object({
    from: analyticsDay.optional(),
    to: analyticsDay.optional(),
    site: z.string().min(1).max(100).optional(),
  })
  .refine(({ from, to }) => !from || !to || from <= to, {
    message: 'must not be after to',
    path: ['from'],
    when: daysValid,
  })
  .refine(({ from, to }) => !from || to !== undefined || from <= today(), {
    message: 'must not be after today',
    path: ['from'],
    when: daysValid,
  })
  .refine(({ from, to }) => !from || !to || daysBetween(from, to) < ANALYTICS_MAX_DAYS, {
    message: `must be less than ${ANALYTICS_MAX_DAYS} days after from`,
    path: ['to'],
    when: daysValid,
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

const count = { visitors: z.number().int(), pageViews: z.number().int() };
const byPath = z.array(z.object({ path: z.string(), ...count }));
const byValue = z.array(z.object({ value: z.string(), ...count }));

/** The figures of one period of whole UTC days, both ends included. */
export const analyticsFigures = z.object({
  from: z.string(),
  to: z.string(),
  ...count,
  pages: byPath,
  landingPages: byPath,
  /** The referrer's host; '' for visits with none (typed in, bookmarks, our own mails). */
  referrers: z.array(z.object({ host: z.string(), ...count })),
  /** Per utm_* field, the visits that landed with each value. */
  campaigns: z.object(
    Object.fromEntries(utmFields.map((field) => [field, byValue])) as Record<UtmField, typeof byValue>,
  ),
  languages: z.array(z.object({ language: z.string(), ...count })),
  sites: z.array(z.object({ site: z.string(), ...count })),
  devices: z.array(z.object({ device: z.string(), ...count })),
  /** ISO 3166 codes, from ANALYTICS_GEOIP_DB's local file; visits it knows no country of are not listed. */
  countries: z.array(z.object({ country: z.string(), ...count })),
  /** Visitors at each step; `sent` is the form messages stored as not spam in the period. */
  funnel: z.object({
    visitors: z.number().int(),
    contactViewed: z.number().int(),
    formStarted: z.number().int(),
    sent: z.number().int(),
  }),
  /** Page requests left out, per reason: `visitors` only for the reasons judged per visitor. */
  leftOut: z.array(z.object({ reason: z.string(), requests: z.number().int(), visitors: z.number().int() })),
});
export type AnalyticsFigures = z.infer<typeof analyticsFigures>;

/** How the series over time groups its days: at most about 60 points whatever the period. */
export const seriesBuckets = ['day', 'week', 'month'] as const;
export type SeriesBucket = (typeof seriesBuckets)[number];

/**
 * One point of the series: the days [from, to] of the period, and the same days counted from the start
 * of the period before (`previous`).
 */
export const seriesPoint = z.object({
  from: z.string(),
  to: z.string(),
  ...count,
  previous: z.object(count),
});
export type SeriesPoint = z.infer<typeof seriesPoint>;

/** A period's figures, the period of the same length before it, and visitors and page views over time. */
export const analyticsReport = z.object({
  site: z.string().nullable(),
  current: analyticsFigures,
  previous: analyticsFigures,
  series: z.object({ bucket: z.enum(seriesBuckets), points: z.array(seriesPoint) }),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;
