import { z } from 'zod';
import { anyEmailAddress, EMAIL_MAX_LENGTH } from './email.js';

/** The audit log, the server's settings and the GDPR requests on the wire. */

export const auditEntry = z.object({
  seq: z.number().int(),
  at: z.string(),
  /** The acting operator's address as it is now; null for the command line. */
  operator: z.string().nullable(),
  via: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  /** The address of the operator the target names (`operator:ID`), as it is now. */
  targetOperator: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({ entries: z.array(auditEntry), nextBefore: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPage>;

/** What the inbox shows of the server's settings. */
export const inboxSettings = z.object({
  siteName: z.string(),
  siteKeys: z.array(z.string()),
  retention: z.object({ messagesDays: z.number().int().nullable(), networkDetailsDays: z.number().int() }),
  session: z.object({ idleMinutes: z.number().int(), maxHours: z.number().int() }),
  /** Whether the filter judges (SPAM_FILTER), SPAM_THRESHOLD, SPAM_RETENTION_DAYS, whether the classifier votes (SPAM_CLASSIFIER). */
  spam: z.object({
    filter: z.boolean(),
    thresholdPoints: z.number(),
    retentionDays: z.number().int(),
    classifier: z.boolean(),
  }),
});
export type InboxSettings = z.infer<typeof inboxSettings>;

/**
 * `{ email }`: the person a GDPR request is about, by any address mail came from (a quoted local part, a
 * domain in Unicode or punycode, an address literal), in its normal form once checked.
 */
export const subjectBody = z.object({ email: z.string().max(EMAIL_MAX_LENGTH).pipe(anyEmailAddress) });

/** What an erasure deleted: the person's messages, their answers by mail (in any conversation), the .eml copies. */
export const subjectErased = z.object({
  messages: z.number().int(),
  answers: z.number().int(),
  notificationFiles: z.number().int(),
});
export type SubjectErased = z.infer<typeof subjectErased>;
export const subjectRestricted = z.object({ messages: z.number().int() });
export type SubjectRestricted = z.infer<typeof subjectRestricted>;
export const subjectOptedOut = z.object({ optedOut: z.literal(true) });
export type SubjectOptedOut = z.infer<typeof subjectOptedOut>;

/** A file the browser saves (an export, a subject-access report): its text, sent as it is. */
export const download = z.string();

/** A file's bytes, sent as they are (an attachment of an imported mail). */
export const fileDownload = z.custom<Uint8Array>((value) => value instanceof Uint8Array);
