import type { Language } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { oneLine } from '../http/one-line.js';
import { acknowledgementMailId, conversationMailId } from '../queue/mail-ids.js';
import { autoReplyHeaders } from '../queue/own-mail.js';
import { visitorText, visitorTime } from '../visitor-text/visitor-text.js';

/** Who the acknowledgement is from and signed by, where answers to it go, and the company's time zone. */
export type AcknowledgementSettings = {
  siteName: string;
  legalName: string;
  addressLines: Record<Language, readonly string[]>;
  /** The company's own address, which signs it. */
  email: string;
  siteUrl: string;
  from: string;
  /** The mailbox replies come from: the conversation's first Message-ID is made with its domain. */
  replyAddress: string;
  timeZone: string;
};

/** "Monday, 30 November 2026 at 12:00 (Eastern European Standard Time)", in the company's time zone. */
function answerByText(at: Date, language: Language, timeZone: string) {
  const { weekday, date, time, zone } = visitorTime(at, language, timeZone);
  return visitorText(language).acknowledgementMail.answerBy(weekday, date, time, zone);
}

/**
 * The mail that tells a visitor their message arrived: in the language of the page it came from, with
 * its reference (the message id, which the inbox and the notification show too), when to expect an
 * answer, and the company's name and address. It carries nothing the visitor typed, not even the name
 * (in the greeting or the To header), so the form cannot relay a text to an address of someone else's
 * choosing. An automatic reply by RFC 3834, threaded under the conversation as the replies are, and
 * answered to the conversation's signed address, so the visitor's answer lands in it.
 */
export function acknowledgementMail(
  message: { id: string; email: string; received_at: string; language: Language },
  answerBy: Date,
  replyTo: string,
  settings: AcknowledgementSettings,
): Mail.Options {
  const siteName = oneLine(settings.siteName);
  const text = visitorText(message.language).acknowledgementMail;
  const company = [
    oneLine(settings.legalName),
    ...settings.addressLines[message.language].map(oneLine),
    `${settings.email} · ${settings.siteUrl}`,
  ].join('\n');
  const root = conversationMailId(message.id, settings.replyAddress);
  return {
    from: { name: siteName, address: settings.from },
    to: message.email,
    replyTo: { name: siteName, address: replyTo },
    subject: text.subject(siteName, message.id),
    text: text.text(
      siteName,
      message.id,
      answerByText(answerBy, message.language, settings.timeZone),
      company,
    ),
    messageId: acknowledgementMailId(message.id, settings.from),
    inReplyTo: root,
    references: [root],
    headers: autoReplyHeaders,
    date: new Date(message.received_at),
  };
}
