import { operatorMailId } from '../queue/mail-ids.js';
import { automaticMailHeaders } from '../queue/own-mail.js';
import { adminPages } from '@site/api-contract';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { oneLine } from '../http/one-line.js';
import type { OperatorMailDetails } from './operator-mail-repository.js';
import type { SignInMailSettings } from './sign-in-mail.js';

/** A time as an operator reads it in a mail: to the minute, in UTC. */
const readableTime = (iso: string) => `${iso.slice(0, 10)} at ${iso.slice(11, 16)} UTC`;

/**
 * A plain-text mail to an operator about their passkeys: `before`, the link to "Your passkeys", then
 * `after`. Its own Message-ID also names its .eml copy.
 */
function passkeysMail(
  to: string,
  subject: string,
  [before, after]: [string[], string],
  settings: SignInMailSettings,
): Mail.Options {
  return {
    from: settings.from,
    to,
    messageId: operatorMailId(settings.siteUrl),
    headers: automaticMailHeaders,
    subject,
    text: [...before, '', `${settings.siteUrl}${adminPages.account}`, '', after].join('\n'),
  };
}

/** Tells the operator a passkey was added to their account, so one added by someone else does not go unseen. */
export const passkeyAddedMail = (
  to: string,
  { passkey, at, browser, ip }: OperatorMailDetails['passkey-added'],
  settings: SignInMailSettings,
) =>
  passkeysMail(
    to,
    `A passkey was added to your ${settings.siteName} inbox account`,
    [
      [
        `A new passkey, "${oneLine(passkey)}", was added to your account at the ${settings.siteName} inbox on ${readableTime(at)}, from ${oneLine(browser)} at the IP address ${ip}.`,
        '',
        'If this was you, there is nothing to do.',
        '',
        'If it was not, someone used a sign-in link sent to this address. Sign in with a passkey of yours, remove this one under "Your passkeys":',
      ],
      'and tell the other operators. Any sessions it started end when you remove it.',
    ],
    settings,
  );

/** Tells the operator a sign-in with their passkey was refused as a copy's. */
export const passkeyFlaggedMail = (
  to: string,
  { passkey, at }: OperatorMailDetails['passkey-flagged'],
  settings: SignInMailSettings,
) =>
  passkeysMail(
    to,
    `A sign-in with your passkey to the ${settings.siteName} inbox was refused`,
    [
      [
        `On ${readableTime(at)} a sign-in with your passkey "${oneLine(passkey)}" was refused: the passkey reported fewer uses than it had before, which happens when a copy of it is used somewhere else.`,
        '',
        'The passkey can no longer sign in, and every session it started has ended. Remove it under "Your passkeys" and create a new one with a sign-in link (ask for one on the sign-in page):',
      ],
      'If you did not try to sign in at that time, tell the other operators.',
    ],
    settings,
  );
