import { automaticMailHeaders } from '../queue/own-mail.js';
import { ADMIN_SIGN_IN_PAGE_PATH } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';

export type SignInMailSettings = { siteName: string; siteUrl: string; from: string; linkMinutes: number };

/** The page that takes the token from the fragment, which browsers never send to a server or a log. */
export const signInLinkUrl = (siteUrl: string, token: string) =>
  `${siteUrl}${ADMIN_SIGN_IN_PAGE_PATH}#token=${token}`;

/** The one-time link to an operator: sets up a passkey on first use, or replaces a lost one. */
export function signInMail(
  to: string,
  token: string,
  messageId: string,
  settings: SignInMailSettings,
): Mail.Options {
  const link = signInLinkUrl(settings.siteUrl, token);
  return {
    from: settings.from,
    to,
    messageId,
    headers: automaticMailHeaders,
    subject: `Sign in to the ${settings.siteName} inbox`,
    text: [
      `Open this link to sign in to the ${settings.siteName} inbox with a passkey:`,
      '',
      link,
      '',
      `It works once, for ${settings.linkMinutes} minutes, and a newer link replaces it. On a new device it sets up a passkey.`,
      'If you did not ask for it, ignore this mail.',
    ].join('\n'),
  };
}
