import { z } from 'zod';
import { dmarcResults } from './dmarc-results.js';
import { spamVerdict } from './spam-verdict.js';
import { EMAIL_MAX_LENGTH, emailAddress } from './email.js';
import type { ThreadCursor } from './thread-cursor.js';

/** Conversations on the wire: replies, notes, saved replies, assignment and who is present. */

/** The longest reply, note or saved reply an operator may write. */
export const CONVERSATION_TEXT_MAX = 20_000;

const text = z.string().trim().min(1, 'Write something first.').max(CONVERSATION_TEXT_MAX);

/** Who wrote a reply or a note, as the inbox names operators: their name, or their address without one. */
export const operatorName = z.object({ email: z.string(), name: z.string().nullable() });
export type OperatorName = z.infer<typeof operatorName>;

/**
 * A text or file name of the thread: null in a restricted person's conversation until it is revealed
 * (the reveal, which the audit log records, gives them).
 */
const hideable = z.string().nullable();

/** An answer to the visitor, and how its mail stands. */
export const reply = z.object({
  seq: z.number().int(),
  by: operatorName,
  text: hideable,
  createdAt: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Reply = z.infer<typeof reply>;

/** A note for the team; never mailed. */
export const note = z.object({
  seq: z.number().int(),
  by: operatorName,
  text: hideable,
  createdAt: z.string(),
});
export type Note = z.infer<typeof note>;

/** A file an imported mail carried, downloaded from `attachmentPath(seq)`; never shown inline. */
export const attachment = z.object({
  seq: z.number().int(),
  fileName: hideable,
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachment>;

/**
 * What DMARC said of a mail's sender domain, by the company's receiving server: `fail` means the From may
 * be forged. Null when it did not say, and for what did not come by mail.
 */
export const dmarc = z.nullable(z.enum(dmarcResults));

/** A mail that came back in the conversation, read from the company's mailbox. */
export const answer = z.object({
  seq: z.number().int(),
  fromName: z.string(),
  fromAddress: z.string(),
  text: hideable,
  receivedAt: z.string(),
  /** An out-of-office or other automatic reply: it reopened nothing. */
  automatic: z.boolean(),
  /** Sent from an address other than the visitor's, or from theirs by someone else (DMARC failed). */
  otherSender: z.boolean(),
  /**
   * The spam filter's verdict: spam (also any answer in a spam conversation) reopened nothing, nobody was
   * told, its files were not kept; possibly spam was reopened and told, labelled as a message is.
   */
  spamVerdict,
  dmarc,
  attachments: z.array(attachment),
});
export type Answer = z.infer<typeof answer>;

/** The most replies, notes and answers a page of a thread holds: a long conversation opens as cheaply as a short one. */
export const THREAD_PAGE_ITEMS = 50;

const threadCursor = z
  .string()
  .regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/, 'This is not a point in a thread.')
  .transform((text): ThreadCursor => {
    const [replies, notes, answers] = text.split('.').map(Number) as [number, number, number];
    return { replies, notes, answers };
  })
  .refine(
    (cursor) => Object.values(cursor).every((seq) => seq <= 2 ** 31 - 1),
    'This is not a point in a thread.',
  );

/**
 * Part of a message's thread: its replies, notes and answers, each oldest first, at most
 * THREAD_PAGE_ITEMS of them (the newest, or the newest before or after a point).
 */
export const threadPage = z.object({
  replies: z.array(reply),
  notes: z.array(note),
  answers: z.array(answer),
  /**
   * Give it as `before` for the items before this page; null when there are none. In the updates of an
   * open message (`after`), not null means more arrived than a page holds: these items replace the
   * thread shown, and `earlier` leads back to the rest.
   */
  earlier: z.string().nullable(),
  /** Give it as `after` for what came since (a reply whose mail is still on its way comes again). */
  latest: z.string(),
});
export type ThreadPage = z.infer<typeof threadPage>;

/** What a message's thread holds besides the visitor's message, as an opening gives it: its newest page. */
export const thread = threadPage.extend({
  /** The files of the mail the message itself came in (a message of source `email`). */
  attachments: z.array(attachment),
  /** Who the message is assigned to, if anyone. */
  assignee: operatorName.nullable(),
});
export type Thread = z.infer<typeof thread>;

/**
 * What proves a read of the thread part of an opening: the `openGrant` of the opening (which the audit
 * log records), and for a restricted person's texts and files the `revealGrant` of a reveal.
 */
const grants = {
  grant: z.string().max(2000).optional(),
  reveal: z.string().max(2000).optional(),
};
/** The page of the thread before a point ("Show earlier"). */
export const threadPageQuery = z.object({ before: threadCursor, ...grants });
/**
 * What changed in an open message after a point. `seen`: the newest item of each kind the inbox shows
 * (`after` when left out); the read is audited when it gives one newer than that (decision 049).
 */
export const threadUpdatesQuery = z.object({ after: threadCursor, seen: threadCursor.optional(), ...grants });
/** A file's download: a restricted person's only with the `revealGrant` of a reveal of its message. */
export const attachmentQuery = z.object({ reveal: grants.reveal });

/**
 * A reply to send. `basedOn`: the seq of the newest reply the operator had seen (0 for none); when
 * someone else has answered since, the reply is refused (409 `conversation_changed`).
 */
export const replyBody = z.object({ text, basedOn: z.number().int().min(0) });
export type ReplyBody = z.infer<typeof replyBody>;
/** The reply as stored, as the thread shows it: the inbox adds it to the thread it shows. */
export const replySent = z.object({ reply });
export type ReplySent = z.infer<typeof replySent>;
/**
 * 409: someone else answered first (with their `reply`), the person restricted processing, or their
 * address is not one a reply may be mailed to.
 */
export const replyRefused = z.object({ error: z.string(), message: z.string(), reply: reply.optional() });

export const noteBody = z.object({ text });
export const noteAdded = z.object({ note });

/** Assigns the message to the operator of this address, or to nobody (null). */
export const assignBody = z.object({
  operator: z.string().max(EMAIL_MAX_LENGTH).pipe(emailAddress).nullable(),
});

export const replySeqParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[0-9a-f-]+$/),
  seq: z.coerce.number().int().min(1),
});

/** A named text to insert into a reply. */
export const savedReply = z.object({ seq: z.number().int(), name: z.string(), text: z.string() });
export type SavedReply = z.infer<typeof savedReply>;
export const savedReplyList = z.object({ savedReplies: z.array(savedReply) });
export const savedReplyAdded = z.object({ savedReply });
export const savedReplyBody = z.object({ name: z.string().trim().min(1, 'Give it a name.').max(100), text });
/** A saved reply or an attachment, named by its number. */
export const seqParams = z.object({
  seq: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** What the operator is doing with an open message. */
export const presenceActivities = ['viewing', 'replying'] as const;
export const presenceBody = z.object({ activity: z.enum(presenceActivities) });
/** The other operators who have the message open or are writing a reply to it now. */
export const presenceList = z.object({
  others: z.array(z.object({ by: operatorName, activity: z.enum(presenceActivities) })),
});
export type PresenceList = z.infer<typeof presenceList>;

/**
 * The version of a message's thread: when it changes (a reply, a mail's state, a note, an answer by
 * mail, the assignee or status), the inbox asks for the updates after the newest point it has.
 */
export const threadVersion = z.object({ threadVersion: z.string() });
export type ThreadVersion = z.infer<typeof threadVersion>;

/** The operator's own name, which visitors see on their replies. */
export const operatorNameBody = z.object({ name: z.string().trim().min(1).max(80) });
