import { z } from 'zod';
import { dmarc, operatorName, thread, threadPage } from './admin-conversations.js';
import { languages } from './languages.js';
import { spamReason, spamVerdict } from './spam-verdict.js';

/** The inbox's messages on the wire: one definition for the server's schemas and the inbox app's types. */

/** Where a message stands in the inbox; spam is a flag of its own. */
export const messageStatuses = ['new', 'read', 'answered', 'archived'] as const;
export const messageStatus = z.enum(messageStatuses);
export type MessageStatus = z.infer<typeof messageStatus>;

/** Where a message came from: a contact form, or a mail to the company's mailbox. */
export const messageSource = z.enum(['form', 'email']);
export type MessageSource = z.infer<typeof messageSource>;

/** A message's id: a UUIDv7 as the server makes them. */
export const messageIdParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9a-f-]+$/),
});

/** The newest seq of a page to look before or after, as the query string gives it. */
const seq = (minimum: number) => z.coerce.number().int().min(minimum);
/** An ISO date-time (what toISOString() writes; an offset is allowed too). */
const time = z.iso.datetime({ offset: true });
/** `true` or `false` in a query string; absent is false. */
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/** What the inbox shows: a status (or spam), a partner site, a language, a time range and a search text. */
export const messageFilterQuery = z.object({
  status: messageStatus.optional(),
  spam: flag,
  site: z.string().min(1).max(200).optional(),
  /** Only the messages sent from pages in this language. */
  language: z.enum(languages).optional(),
  since: time.optional(),
  until: time.optional(),
  search: z.string().min(1).max(200).optional(),
  /** Only the messages assigned to the signed-in operator. */
  mine: flag,
  /**
   * Only the conversations whose first-response clock runs (not spam, new or read, no reply yet), and in
   * a page the soonest due first (the oldest): the next page is `after` the last one's seq.
   */
  due: flag,
});
export type MessageFilter = z.output<typeof messageFilterQuery>;

/** A page of a list, newest first: before a seq, at most `limit` entries. */
export const pageQuery = {
  before: seq(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
};

/** A page of the inbox, newest first; `after` (a seq) asks only for newer messages, for polling. */
export const messageListQuery = messageFilterQuery.extend({ ...pageQuery, after: seq(0).optional() });

export const exportFormats = ['csv', 'json'] as const;
export type ExportFormat = (typeof exportFormats)[number];
/** The messages of a filter as a download (restricted ones left out). */
export const messageExportQuery = messageFilterQuery.extend({ format: z.enum(exportFormats) });

/** The audit log's pages, newest first. */
export const auditPageQuery = z.object(pageQuery);

/**
 * Where a conversation's first-response clock stands (FIRST_RESPONSE_TARGET, in business hours): due
 * (with the business time left), due soon (75 % of the target spent), overdue (by business time), or
 * answered (how long the first reply took, in business hours and on the wall clock; null for a reply
 * sent before the clock was kept).
 */
export const firstResponse = z.discriminatedUnion('state', [
  z.object({ state: z.enum(['due', 'due-soon']), dueAt: z.string(), leftSeconds: z.number().int() }),
  z.object({ state: z.literal('overdue'), dueAt: z.string(), overdueSeconds: z.number().int() }),
  z.object({
    state: z.literal('answered'),
    answeredAt: z.string(),
    businessSeconds: z.number().int().nullable(),
    wallSeconds: z.number().int().nullable(),
    withinTarget: z.boolean().nullable(),
  }),
]);
export type FirstResponse = z.infer<typeof firstResponse>;

/**
 * Where a form message's sender came from: their first page view of the day they sent it (the landing
 * page, the other site that linked to it, the campaign fields of its address, its language), joined by
 * the day's visitor hash, without a cookie. Null when none was counted (no page view that day, a mail,
 * or analytics off).
 */
export const visitSource = z
  .object({
    landingPage: z.string(),
    referrerHost: z.string().nullable(),
    utmSource: z.string().nullable(),
    utmMedium: z.string().nullable(),
    utmCampaign: z.string().nullable(),
    utmTerm: z.string().nullable(),
    utmContent: z.string().nullable(),
    language: z.enum(languages),
  })
  .nullable();
export type VisitSource = z.infer<typeof visitSource>;

export const messageSummary = z.object({
  id: z.string(),
  seq: z.number().int(),
  receivedAt: z.string(),
  name: z.string(),
  email: z.string(),
  /** Null for a restricted message, whose text stays out of the list. */
  subject: z.string().nullable(),
  siteKey: z.string(),
  status: messageStatus,
  restricted: z.boolean(),
  /** The spam filter's points (the threshold makes spam); null for a message stored before the filter. */
  spamScore: z.number().nullable(),
  /** Not spam, possibly spam (labelled, in New) or spam: an operator's mark, otherwise the filter's. */
  spamVerdict,
  source: messageSource,
  /** The language of the page it was sent from: answer in it. */
  language: z.enum(languages),
  /** Its first-response clock; null for spam, and for one set answered or archived without a reply. */
  firstResponse: firstResponse.nullable(),
  /** A mail's DMARC outcome, as an answer's: `fail` is labelled "Sender not verified"; null for a form's. */
  dmarc,
});
export type MessageSummary = z.infer<typeof messageSummary>;

export const messagePage = z.object({
  messages: z.array(messageSummary),
  /** Where the next page starts, or null after the last. */
  nextBefore: z.number().int().nullable(),
  /** The same for the due-first order, whose next page is `after` this seq. */
  nextAfter: z.number().int().nullable(),
});
export type MessagePage = z.infer<typeof messagePage>;

/** One message with every field the inbox shows. */
export const messageDetail = messageSummary.extend({
  /** Null for a restricted message, until its text is asked for. */
  message: z.string().nullable(),
  marketingConsent: z.boolean(),
  consentAt: z.string().nullable(),
  /** Blank once IP_RETENTION_DAYS have passed. */
  ip: z.string(),
  userAgent: z.string(),
  spam: z.boolean(),
  /** Why the filter judged as it did, the weightiest first. */
  spamReasons: z.array(spamReason),
  /** What an operator taught the filter with this message, if anything. */
  trainedAs: z.enum(['spam', 'ham']).nullable(),
  /** Whether replies can be mailed to its address: not to one the contact form would refuse. */
  replyByMail: z.boolean(),
  visitSource,
});
export type MessageDetail = z.infer<typeof messageDetail>;

/**
 * One mail of a message: the notification to the company, the visitor's marketing confirmation, the
 * company's notice of an answer from the visitor, or the visitor's acknowledgement.
 */
export const messageMail = z.object({
  kind: z.enum(['notification', 'confirmation', 'answer', 'acknowledgement']),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MessageMail = z.infer<typeof messageMail>;

/** A message as an opening gives it (audited): its fields, its mails and the newest page of its thread. */
export const openedMessage = z.object({
  message: messageDetail,
  mails: z.array(messageMail),
  thread,
  /** Proves this session's opening to the thread's later reads (`grant`): they are part of it. */
  openGrant: z.string(),
});
export type OpenedMessage = z.infer<typeof openedMessage>;

/** What changed in an open message after a point of its thread: its state, its mails and the newer items. */
export const messageUpdates = z.object({
  status: messageStatus,
  firstResponse: firstResponse.nullable(),
  assignee: operatorName.nullable(),
  mails: z.array(messageMail),
  thread: threadPage,
});
export type MessageUpdates = z.infer<typeof messageUpdates>;

/**
 * A restricted message's text and its conversation's, given on request (audited): its subject and text,
 * the newest page of its thread with every text and file name, and the grant that gives them to the
 * thread's later reads and its files' downloads (`reveal`) for a while.
 */
export const revealedText = z.object({
  subject: z.string(),
  message: z.string(),
  thread,
  revealGrant: z.string(),
});
export type RevealedText = z.infer<typeof revealedText>;

export const statusBody = z.object({ status: messageStatus });
export const spamBody = z.object({ spam: z.boolean() });

/** How many failed mails were queued again. */
export const retriedMails = z.object({ queued: z.number().int() });
export type RetriedMails = z.infer<typeof retriedMails>;
