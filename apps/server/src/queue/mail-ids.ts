import { randomBytes, randomUUID } from 'node:crypto';

/**
 * Our Message-IDs, made and read here alone. Each is `<KIND-ID[.PART]@DOMAIN>`: the company's notification
 * of a message (`contact-`), the visitor's consent confirmation (`consent-`) or acknowledgement
 * (`acknowledgement-`), an operator's reply
 * (`reply-`, and a random part), the company's notice of a visitor's answer (`answer-`, and the answer's
 * seq), an operator's sign-in link (`sign-in-`) or passkey notice (`operator-`), each with an id; or the
 * day's spam digest (`spam-digest-` and its day). A mail's .eml copy is named after it, without the
 * angle brackets. The mailbox import knows each as ours, so none starts a loop with the mailbox it reads
 * (decision 029), and erasure finds a message's copies by them.
 */

/** The domain part of a sender address, as an id may carry it. */
const domainOf = (address: string) =>
  address.slice(address.lastIndexOf('@') + 1).replace(/[^\w.-]/g, '') || 'localhost';

/** A message's notification: the same for every retry, so a repeat is recognisable. */
export const notificationMailId = (messageId: string, from: string) =>
  `<contact-${messageId}@${domainOf(from)}>`;

/** The mail that asks a visitor to confirm a ticked marketing box. */
export const confirmationMailId = (messageId: string, from: string) =>
  `<consent-${messageId}@${domainOf(from)}>`;

/** The visitor's acknowledgement of a message: the same for every retry. */
export const acknowledgementMailId = (messageId: string, from: string) =>
  `<acknowledgement-${messageId}@${domainOf(from)}>`;

/** An answer's notice: the same for every retry; erasure finds its copy by the message, or by the answer. */
export const answerNoticeMailId = (messageId: string, inboundSeq: number | null, from: string) =>
  `<answer-${messageId}.${inboundSeq}@${domainOf(from)}>`;

/** A new reply: the message id, for finding its copies, and a random part. */
export const replyMailId = (messageId: string, from: string) =>
  `<reply-${messageId}.${randomBytes(6).toString('hex')}@${domainOf(from)}>`;

/**
 * What every reply of a conversation refers to first: the visitor's message, which was no mail, so the
 * id is ours. No mail carries it, so the import does not take it for one of ours.
 */
export const conversationMailId = (messageId: string, from: string) =>
  `<message-${messageId}@${domainOf(from)}>`;

/** A day's spam digest: the same for every retry. */
export const spamDigestMailId = (day: string, from: string) => `<spam-digest-${day}@${domainOf(from)}>`;

/** A week's analytics mail (the day it is sent): the same for every retry. */
export const analyticsWeekMailId = (week: string, from: string) =>
  `<analytics-week-${week}@${domainOf(from)}>`;

/** A new sign-in mail, which also names its .eml copy, so the copy can be taken back once the link is dead. */
export const signInMailId = (siteUrl: string) => `<sign-in-${randomUUID()}@${new URL(siteUrl).hostname}>`;

/** A mail that tells an operator of a change to their passkeys. */
export const operatorMailId = (siteUrl: string) => `<operator-${randomUUID()}@${new URL(siteUrl).hostname}>`;

/**
 * A Message-ID (or .eml file name) of ours: its kind, the id after it and the part after a dot. Linear:
 * the id's characters include neither the dot nor the at sign that end it.
 */
const OUR_MAIL_ID =
  /^(<?)(contact|consent|acknowledgement|reply|answer|sign-in|operator|spam-digest|analytics-week)-([\da-f-]+)(?:\.([^@]*))?@/;

const readMailId = (value: string) => {
  const [, bracket, kind, id, part] = OUR_MAIL_ID.exec(value) ?? [];
  return kind === undefined || id === undefined ? undefined : { bracketed: bracket === '<', kind, id, part };
};

/** Kinds whose id is a message's (and which a person's erasure finds their copies by). */
const ABOUT_A_MESSAGE = new Set(['contact', 'consent', 'acknowledgement', 'reply', 'answer']);

/** Kinds whose id is a day (YYYY-MM-DD). */
const OF_A_DAY = new Set(['spam-digest', 'analytics-week']);

const dayIdOf = (read: ReturnType<typeof readMailId>) =>
  read !== undefined &&
  OF_A_DAY.has(read.kind) &&
  read.part === undefined &&
  /^\d{4}-\d\d-\d\d$/.test(read.id)
    ? read.id
    : undefined;

const spamDigestDayOf = (read: ReturnType<typeof readMailId>) =>
  read?.kind === 'spam-digest' ? dayIdOf(read) : undefined;

/** Whether a Message-ID is one the server gives its mails (a uuid after the kind, or a daily or weekly mail's day). */
export function isOwnMailId(mailId: string): boolean {
  const read = readMailId(mailId);
  if (!read?.bracketed) return false;
  return OF_A_DAY.has(read.kind) ? dayIdOf(read) !== undefined : read.id.length === 36;
}

/** The message id in the Message-ID (or .eml file name) of a mail about a message. */
export function messageIdInMail(value: string): string | undefined {
  const read = readMailId(value);
  return read && ABOUT_A_MESSAGE.has(read.kind) ? read.id : undefined;
}

/** The answer an answer notice's Message-ID (or file name) tells of, as `MESSAGEID.SEQ`. */
export function answerNoticeKey(value: string): string | undefined {
  const read = readMailId(value);
  return read?.kind === 'answer' && read.part !== undefined && /^\d+$/.test(read.part)
    ? `${read.id}.${read.part}`
    : undefined;
}

/** The day of the spam digest whose Message-ID (or .eml file name) this is. */
export const spamDigestDayInMail = (value: string) => spamDigestDayOf(readMailId(value));
