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

/** What a message's thread holds besides the visitor's message, oldest first. */
export const thread = z.object({
  replies: z.array(reply),
  notes: z.array(note),
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
export const savedReplyParams = z.object({ seq: z.coerce.number().int().min(1) });

/** What the operator is doing with an open message. */
export const presenceActivities = ['viewing', 'replying'] as const;
export const presenceBody = z.object({ activity: z.enum(presenceActivities) });
/**
 * The other operators who have the message open or are writing a reply to it now, and the version of its
 * thread: when that changes (a reply, a note, a mail's state, the assignee), the inbox opens it again.
 */
export const presenceList = z.object({
  others: z.array(z.object({ by: operatorName, activity: z.enum(presenceActivities) })),
  threadVersion: z.string(),
});
export type PresenceList = z.infer<typeof presenceList>;

/** The operator's own name, which visitors see on their replies. */
export const operatorNameBody = z.object({ name: z.string().trim().min(1).max(80) });
