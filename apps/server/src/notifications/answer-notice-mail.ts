import type { DmarcResult, SpamVerdict } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { answerNoticeMailId } from '../queue/mail-ids.js';
import { automaticMailHeaders } from '../queue/own-mail.js';
import { oneLine } from '../http/one-line.js';
import { type NotificationMailSettings, notVerifiedLine, subjectFor } from './notification-mail.js';

type Answer = {
  id: string;
  subject: string;
  inbound_seq: number | null;
  answer_from_name: string | null;
  answer_from_address: string | null;
  answer_body: string | null;
  answer_spam_verdict: SpamVerdict | null;
  answer_dmarc: DmarcResult | null;
};

/**
 * Tells the company that a visitor answered in a conversation: who, which message, and the answer's text;
 * the subject says when DMARC could not confirm its sender or the spam filter was unsure of it.
 */
export function answerNoticeMail(row: Answer, settings: NotificationMailSettings): Mail.Options {
  const who = oneLine(row.answer_from_name || row.answer_from_address || 'The visitor');
  const notVerified = row.answer_dmarc === 'fail';
  return {
    from: settings.from,
    to: [...settings.notifyTo],
    subject: subjectFor(
      { notVerified, possiblySpam: row.answer_spam_verdict === 'possibly-spam' },
      `[${oneLine(settings.siteName)}] Answer: ${oneLine(row.subject)}`,
    ),
    text: `${notVerified ? `${notVerifiedLine(row.answer_from_address ?? '')}\n\n` : ''}${who} <${row.answer_from_address ?? ''}> answered in the conversation about message ${row.id}. Open it in the inbox to reply.\n\n${row.answer_body ?? ''}\n`,
    messageId: answerNoticeMailId(row.id, row.inbound_seq, settings.from),
    headers: automaticMailHeaders,
  };
}
