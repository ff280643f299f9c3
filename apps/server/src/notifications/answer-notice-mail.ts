import type Mail from 'nodemailer/lib/mailer/index.js';
import { automaticMailHeaders } from './own-mail.js';
import { oneLine } from '../http/one-line.js';
import { messageIdDomain, type NotificationMailSettings } from './notification-mail.js';

type Answer = {
  id: string;
  subject: string;
  inbound_seq: number | null;
  answer_from_name: string | null;
  answer_from_address: string | null;
  answer_body: string | null;
};

/**
 * The Message-ID of an answer's notice: the same for every retry; erasure finds its copy by the message
 * id, or by the answer (answerNoticeKey).
 */
export const answerNoticeId = (row: Pick<Answer, 'id' | 'inbound_seq'>, from: string) =>
  `<answer-${row.id}.${row.inbound_seq}@${messageIdDomain(from)}>`;

/** The answer an answer notice's Message-ID (or file name) tells of, as `MESSAGEID.SEQ`. */
export const answerNoticeKey = (value: string) => /^<?answer-([\da-f-]+\.\d+)@/.exec(value)?.[1];

/** Tells the company that a visitor answered in a conversation: who, which message, and the answer's text. */
export function answerNoticeMail(row: Answer, settings: NotificationMailSettings): Mail.Options {
  const who = oneLine(row.answer_from_name || row.answer_from_address || 'The visitor');
  return {
    from: settings.from,
    to: [...settings.notifyTo],
    subject: `[${oneLine(settings.siteName)}] Answer: ${oneLine(row.subject)}`,
    text: `${who} <${row.answer_from_address ?? ''}> answered in the conversation about message ${row.id}. Open it in the inbox to reply.\n\n${row.answer_body ?? ''}\n`,
    messageId: answerNoticeId(row, settings.from),
    headers: automaticMailHeaders,
  };
}
