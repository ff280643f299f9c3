import { isPublicEmail } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { oneLine } from '../http/one-line.js';
import { conversationMailId } from '../queue/mail-ids.js';
import { visitorText, visitorTime } from '../visitor-text/visitor-text.js';
import type { QueuedReply } from './reply-repository.js';

/** What operators' replies are sent as: the company's name and the mailbox answers come back to. */
export type ReplySettings = { companyName: string; address: string };

/** The most Message-IDs a reply's References carries: the conversation's first and the latest ones. */
const MAX_REFERENCES = 20;

/**
 * Whether replies may be mailed to the address: only to one the contact form would take. Mail brings
 * others too (address literals such as `user@[10.0.0.5]`, internal names such as `root@localhost`),
 * which the company's relay would deliver inward.
 */
export const replyByMail = (address: string) => isPublicEmail(address);

/** "Anna at Example Digital": who a reply is from, as the visitor's mail client shows it. */
export const replyFromName = (operator: { email: string; name: string | null }, settings: ReplySettings) =>
  oneLine(
    `${operator.name ?? operator.email.slice(0, operator.email.indexOf('@'))} at ${settings.companyName}`,
  );

/** "On 29 November 2026, 08:20 UTC, Jane <jane@example.com> wrote:", in the visitor's language. */
function attribution(reply: QueuedReply) {
  const { date, time } = visitorTime(new Date(reply.received_at), reply.language, 'UTC');
  return visitorText(reply.language).replyMail.quoteAttribution(
    date,
    time,
    `${oneLine(reply.name)} <${reply.email}>`,
  );
}

/** The visitor's text quoted below the reply, as mail clients quote. */
const quoted = (reply: QueuedReply) =>
  `${attribution(reply)}\n${reply.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')}`;

const replySubject = (subject: string) => {
  const line = oneLine(subject);
  return /^re:/i.test(line) ? line : `Re: ${line}`;
};

/**
 * The mail of an operator's reply: plain text with the visitor's message quoted, from the operator's name
 * at the company's address, threaded after the conversation's earlier mails, and answered to the
 * company's address with the conversation's token (decision 028).
 */
export function replyMail(reply: QueuedReply, settings: ReplySettings, replyTo: string): Mail.Options {
  const root = conversationMailId(reply.id, settings.address);
  const references = [root, ...reply.earlier.slice(1 - MAX_REFERENCES)];
  return {
    from: { name: reply.from_name, address: settings.address },
    to: { name: oneLine(reply.name), address: reply.email },
    replyTo: { name: settings.companyName, address: replyTo },
    subject: replySubject(reply.subject),
    text: `${reply.body}\n\n${quoted(reply)}\n`,
    messageId: reply.mail_id,
    inReplyTo: reply.earlier.at(-1) ?? root,
    references,
  };
}
