import { z } from 'zod';
import { operatorName } from './admin-conversations.js';
import { daysBetween, isCalendarDay } from './calendar-days.js';

/** The longest range a report covers, in days: ten years. */
export const REPORT_MAX_DAYS = 3660;
/** The range a report covers when none is given: the 30 days up to today. */
export const REPORT_DEFAULT_DAYS = 30;

/** A range's days are compared only when each is one: a day that is not is refused by itself alone. */
export const daysValid = ({ issues }: { issues: readonly unknown[] }) => issues.length === 0;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day such as 2026-01-31')
  .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || isCalendarDay(day), 'is not a day of the calendar');

/**
 * The range and site of a report: days in the business time zone, both included. Either end may be
 * left out (see reportRangeOf); `site` counts one partner site only.
 */
export const reportQuery = z
  .object({
    from: reportDay.optional(),
    to: reportDay.optional(),
    site: z.string().min(1).max(200).optional(),
  })
  .refine(({ from, to }) => !from || !to || from <= to, {
    path: ['from'],
    message: 'must not be after to',
    when: daysValid,
  })
  .refine(({ from, to }) => !from || !to || daysBetween(from, to) < REPORT_MAX_DAYS, {
    path: ['to'],
    message: `must be less than ${REPORT_MAX_DAYS} days after from`,
    when: daysValid,
  });
export type ReportQuery = z.output<typeof reportQuery>;

/**
 * How long first replies took, in seconds (nearest rank: the smallest time that this share of the
 * measured replies took at most); null when none was measured.
 */
const percentiles = z.object({ median: z.number().int().nullable(), p90: z.number().int().nullable() });

const conversations = z.number().int();

/**
 * The first-response report of a range (docs/inbox.md, "Reports"): conversations are the messages
 * received in the range that are not spam, from the forms and from mail; each is answered (its first
 * reply is queued), waiting (new or read, no reply) or closed without a reply (set answered or archived).
 */
export const report = z.object({
  from: z.string(),
  to: z.string(),
  site: z.string().nullable(),
  /** The business time zone the days are in. */
  timeZone: z.string(),
  /** FIRST_RESPONSE_TARGET, in seconds of business time. */
  targetSeconds: z.number().int(),
  conversations,
  answered: z.number().int(),
  waiting: z.number().int(),
  closedWithoutReply: z.number().int(),
  firstResponse: z.object({
    /** Answered conversations whose first reply's times were stored (not those answered before the clock). */
    measured: z.number().int(),
    business: percentiles,
    wall: percentiles,
    /** Measured conversations answered within the target (business time). */
    withinTarget: z.number().int(),
    /** withinTarget / measured, 0 to 1; null when none was measured. */
    withinTargetShare: z.number().nullable(),
  }),
  /** Every day of the range, oldest first, with the conversations received and those of them answered. */
  days: z.array(z.object({ day: z.string(), conversations, answered: z.number().int() })),
  /** Most conversations first. */
  sites: z.array(z.object({ site: z.string(), conversations })),
  languages: z.array(z.object({ language: z.string(), conversations })),
  /** Who sent each answered conversation's first reply, most first. */
  operators: z.array(z.object({ operator: operatorName, conversations })),
});
export type Report = z.infer<typeof report>;
