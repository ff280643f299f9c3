import { DMARC_FAILED_LABEL, dmarcFailedAdvice, type Language } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { notificationMailId } from '../queue/mail-ids.js';
import { automaticMailHeaders } from '../queue/own-mail.js';
import type { MessageRow, MessagesTable } from '../db/types.js';
import { shownVerdict } from '../spam/message-verdict.js';
import { escapeHtml } from '../http/html.js';
import { oneLine } from '../http/one-line.js';

/** Who the mails about messages come from and go to (NOTIFY_TO), and what they call the site. */
export type NotificationMailSettings = { siteName: string; from: string; notifyTo: readonly string[] };

type StoredMessage = Pick<
  MessagesTable,
  'id' | 'name' | 'email' | 'subject' | 'message' | 'marketing_consent' | 'site_key' | 'received_at' | 'dmarc'
> &
  Pick<MessageRow, 'spam_verdict' | 'spam_mark' | 'spam_score'> & { language: Language };

/** Before the subject of a notification about a message the spam filter was unsure of. */
export const POSSIBLY_SPAM_PREFIX = '[Possibly spam] ';

/** Before the subject of a notification about a mail whose sender's domain failed DMARC. */
export const NOT_VERIFIED_PREFIX = '[Sender not verified] ';

/** What a notification warns of before its subject: DMARC could not confirm the sender, the spam filter was unsure. */
export type Doubts = { notVerified: boolean; possiblySpam: boolean };

/** A mail's subject about something in doubt starts with what is doubted; any other, as it is. */
export const subjectFor = ({ notVerified, possiblySpam }: Doubts, subject: string) =>
  `${notVerified ? NOT_VERIFIED_PREFIX : ''}${possiblySpam ? POSSIBLY_SPAM_PREFIX : ''}${subject}`;

/** The line that says DMARC could not confirm the sender, and what to do about it. */
export const notVerifiedLine = (email: string) => `${DMARC_FAILED_LABEL}. ${dmarcFailedAdvice(email)}`;

const languageNames = new Intl.DisplayNames('en', { type: 'language' });

/** A language as the company reads it: 'Greek (el)'. */
const languageName = (language: Language) => `${languageNames.of(language) ?? language} (${language})`;

/**
 * The e-mail that tells the company about a message: every field and the language to answer in, as plain
 * text and escaped HTML. One the spam filter was unsure of says so first, in its subject and its fields;
 * so does a mail whose sender DMARC could not confirm, as the inbox does.
 */
export function notificationMail(message: StoredMessage, settings: NotificationMailSettings): Mail.Options {
  const possiblySpam = shownVerdict(message) === 'possibly-spam';
  const notVerified = message.dmarc === 'fail';
  const rows: [string, string][] = [
    ...(notVerified ? [['Sender check', notVerifiedLine(message.email)] as [string, string]] : []),
    ...(possiblySpam
      ? [
          [
            'Spam check',
            `Possibly spam (${message.spam_score ?? 0} points): the inbox shows why; mark it Spam or Not spam there`,
          ] as [string, string],
        ]
      : []),
    ['Name', oneLine(message.name)],
    ['E-mail', message.email],
    ['Subject', oneLine(message.subject)],
    [
      'Marketing consent',
      message.marketing_consent ? 'Asked for news and offers; listed only once the address confirms' : 'No',
    ],
    ['Language', languageName(message.language)],
    ['Site', `${settings.siteName} (${message.site_key})`],
    ['Message id', message.id],
    ['Received', message.received_at],
  ];
  const text = `${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${message.message}\n`;
  const html = `<table>${rows
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table><pre style="white-space:pre-wrap;font:inherit">${escapeHtml(message.message)}</pre>`;
  return {
    from: settings.from,
    to: [...settings.notifyTo],
    replyTo: { name: oneLine(message.name), address: message.email },
    subject: subjectFor(
      { notVerified, possiblySpam },
      `[${oneLine(settings.siteName)}] ${oneLine(message.subject)}`,
    ),
    text,
    html,
    messageId: notificationMailId(message.id, settings.from),
    headers: automaticMailHeaders,
    date: new Date(message.received_at),
  };
}
