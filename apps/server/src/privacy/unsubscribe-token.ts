import { createHmac, timingSafeEqual } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;
export const UNSUBSCRIBE_TOKEN_DAYS = 730;

const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** `<payload>.<signature>`, payload = base64url("<email>\n<expiry ms>"). */
export function createUnsubscribeToken(email: string, secret: string, now = Date.now()): string {
  const payload = Buffer.from(`${email.toLowerCase()}\n${now + UNSUBSCRIBE_TOKEN_DAYS * DAY_MS}`).toString(
    'base64url',
  );
  return `${payload}.${sign(payload, secret)}`;
}

export type TokenCheck =
  { ok: true; email: string } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

export function verifyUnsubscribeToken(token: unknown, secret: string, now = Date.now()): TokenCheck {
  if (typeof token !== 'string' || token.length > 2000) return { ok: false, reason: 'malformed' };
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'tampered' };
  const [email, expiry] = Buffer.from(payload, 'base64url').toString().split('\n');
  if (!email || !expiry) return { ok: false, reason: 'malformed' };
  if (Number(expiry) < now) return { ok: false, reason: 'expired' };
  return { ok: true, email };
}
