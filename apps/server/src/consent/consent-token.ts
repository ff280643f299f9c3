import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed with a purpose of its own, so neither an unsubscribe token nor any other signature of the
 * app secret is ever accepted as a confirmation.
 */
const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`marketing-consent\n${payload}`).digest('base64url');

/** `<payload>.<signature>`, payload = base64url("<email>\n<message id>\n<expiry ms>"). */
export function createConsentToken(
  email: string,
  messageId: string,
  expiresAt: string,
  secret: string,
): string {
  const payload = Buffer.from(`${email.toLowerCase()}\n${messageId}\n${Date.parse(expiresAt)}`).toString(
    'base64url',
  );
  return `${payload}.${sign(payload, secret)}`;
}

export type ConsentTokenCheck =
  | { ok: true; email: string; messageId: string }
  | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

export function verifyConsentToken(token: unknown, secret: string, now = Date.now()): ConsentTokenCheck {
  if (typeof token !== 'string' || token.length > 2000) return { ok: false, reason: 'malformed' };
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'tampered' };
  const [email, messageId, expiry, ...extra] = Buffer.from(payload, 'base64url').toString().split('\n');
  if (!email || !messageId || !expiry || !/^\d+$/.test(expiry) || extra.length > 0)
    return { ok: false, reason: 'malformed' };
  if (Number(expiry) <= now) return { ok: false, reason: 'expired' };
  return { ok: true, email, messageId };
}
