import { z } from 'zod';
import { EMAIL_MAX_LENGTH, emailAddress } from './email.js';

/** Conversations on the wire (issue 22): replies, notes, saved replies, assignment and who is present. */

/** The longest reply, note or saved reply an operator may write. */
export const CONVERSATION_TEXT_MAX = 20_000;

const text = z.string().trim().min(1, 'Write something first.').max(CONVERSATION_TEXT_MAX);

/** Who wrote a reply or a note, as the inbox names operators: their name, or their address without one. */
export const operatorName = z.object({ email: z.string(), name: z.string().nullable() });
export type OperatorName = z.infer<typeof operatorName>;

/** An answer to the visitor, and how its mail stands. */
export const reply = z.object({
  seq: z.number().int(),
  by: operatorName,
  text: z.string(),
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
  text: z.string(),
  createdAt: z.string(),
});
export type Note = z.infer<typeof note>;

/** A file an imported mail carried, downloaded from `attachmentPath(seq)`; never shown inline. */
export const attachment = z.object({
  seq: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
});
export type Attachment = z.infer<typeof attachment>;

/** A mail that came back in the conversation, read from the company's mailbox. */
export const answer = z.object({
  seq: z.number().int(),
  fromName: z.string(),
  fromAddress: z.string(),
  text: z.string(),
  receivedAt: z.string(),
  /** An out-of-office or other automatic reply: it reopened nothing. */
  automatic: z.boolean(),
  /** Sent from an address other than the visitor's. */
  otherSender: z.boolean(),
  attachments: z.array(attachment),
});
export type Answer = z.infer<typeof answer>;

/** What a message's thread holds besides the visitor's message, oldest first. */
export const thread = z.object({
  replies: z.array(reply),
  notes: z.array(note),
  answers: z.array(answer),
  /** The files of the mail the message itself came in (a message of source `email`). */
  attachments: z.array(attachment),
  /** Who the message is assigned to, if anyone. */
  assignee: operatorName.nullable(),
});
export type Thread = z.infer<typeof thread>;

/**
 * A reply to send. `basedOn`: the seq of the newest reply the operator had seen (0 for none); when
 * someone else has answered since, the reply is refused (409 `conversation_changed`).
 */
export const replyBody = z.object({ text, basedOn: z.number().int().min(0) });
export type ReplyBody = z.infer<typeof replyBody>;

export const noteBody = z.object({ text });

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
 * mail, the assignee or status), the inbox opens the message again.
 */
export const threadVersion = z.object({ threadVersion: z.string() });
export type ThreadVersion = z.infer<typeof threadVersion>;

/** The operator's own name, which visitors see on their replies. */
export const operatorNameBody = z.object({ name: z.string().trim().min(1).max(80) });
