import type { Language } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { confirmationMailId } from '../queue/mail-ids.js';
import { automaticMailHeaders } from '../queue/own-mail.js';
import { CONFIRM_PAGE_PATH } from '../consent/confirm-paths.js';
import { consentExpiry } from '../consent/consent-repository.js';
import { createConsentToken } from '../consent/consent-token.js';
import type { MessagesTable } from '../db/types.js';
import { oneLine } from '../http/one-line.js';
import { LANGUAGE_PARAMETER } from '../site/server-page.js';
import { visitorText } from '../visitor-text/visitor-text.js';

export type ConfirmationSettings = {
  siteName: string;
  from: string;
  /** Public address of the site, for the link. */
  siteUrl: string;
  secret: string;
  confirmDays: number;
};

/**
 * The mail that asks the visitor to confirm a ticked marketing box, plain text, in the language of the
 * page the message was sent from (its link opens the page in it). It carries nothing the visitor typed,
 * not even the name (in the greeting or the To header), so the form cannot be used to relay a text to
 * an address of someone else's choosing.
 */
export function confirmationMail(
  message: Pick<MessagesTable, 'id' | 'email' | 'received_at'> & { language: Language },
  settings: ConfirmationSettings,
): Mail.Options {
  const expiresAt = consentExpiry(message.received_at, settings.confirmDays);
  const token = createConsentToken(message.email, message.id, expiresAt, settings.secret);
  const siteName = oneLine(settings.siteName);
  const text = visitorText(message.language).confirmationMail;
  const link = `${settings.siteUrl}${CONFIRM_PAGE_PATH}?token=${token}&${LANGUAGE_PARAMETER}=${message.language}`;
  return {
    from: settings.from,
    to: message.email,
    subject: text.subject(siteName),
    text: text.text(siteName, settings.confirmDays, link),
    messageId: confirmationMailId(message.id, settings.from),
    headers: automaticMailHeaders,
    date: new Date(message.received_at),
  };
}
