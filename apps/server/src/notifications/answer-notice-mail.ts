import type Mail from 'nodemailer/lib/mailer/index.js';
import { answerNoticeMailId } from '../queue/mail-ids.js';
import { automaticMailHeaders } from '../queue/own-mail.js';
import { oneLine } from '../http/one-line.js';
import type { MailSettings } from './notification-mail.js';

type Answer = {
  id: string;
  subject: string;
  inbound_seq: number | null;
  answer_from_name: string | null;
  answer_from_address: string | null;
  answer_body: string | null;
};

/** Tells the company that a visitor answered in a conversation: who, which message, and the answer's text. */
export function answerNoticeMail(row: Answer, settings: MailSettings): Mail.Options {
  const who = oneLine(row.answer_from_name || row.answer_from_address || 'The visitor');
  return {
    from: settings.from,
    to: [...settings.to],
    subject: `[${oneLine(settings.siteName)}] Answer: ${oneLine(row.subject)}`,
    text: `${who} <${row.answer_from_address ?? ''}> answered in the conversation about message ${row.id}. Open it in the inbox to reply.\n\n${row.answer_body ?? ''}\n`,
    messageId: answerNoticeMailId(row.id, row.inbound_seq, settings.from),
    headers: automaticMailHeaders,
  };
}
