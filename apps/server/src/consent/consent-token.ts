import { normalEmail } from '@site/api-contract';
import { openToken, signToken, type TokenFailure } from '../security/signed-token.js';

/**
 * Signed with a purpose of its own, so neither an unsubscribe token nor any other signature of the
 * app secret is ever accepted as a confirmation.
 */
const PURPOSE = 'marketing-consent';

/** Carries the address, the message that asked for the consent and the link's expiry. */
export function createConsentToken(
  email: string,
  messageId: string,
  expiresAt: string,
  secret: string,
): string {
  return signToken([normalEmail(email), messageId], Date.parse(expiresAt), secret, PURPOSE);
}

export type ConsentTokenCheck = { ok: true; email: string; messageId: string } | TokenFailure;

export function verifyConsentToken(token: unknown, secret: string, now = Date.now()): ConsentTokenCheck {
  const opened = openToken(token, 2, secret, { purpose: PURPOSE, now });
  if (!opened.ok) return opened;
  const [email, messageId] = opened.fields as [string, string];
  return { ok: true, email, messageId };
}
