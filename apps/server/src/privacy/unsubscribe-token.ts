import { normalEmail } from '@site/api-contract';
import { openToken, signToken, type TokenFailure } from '../security/signed-token.js';
import { DAY_MS } from '../time.js';

export const UNSUBSCRIBE_TOKEN_DAYS = 730;

/** Carries the address and an expiry. */
export function createUnsubscribeToken(email: string, secret: string, now = Date.now()): string {
  return signToken([normalEmail(email)], now + UNSUBSCRIBE_TOKEN_DAYS * DAY_MS, secret);
}

export type TokenCheck = { ok: true; email: string } | TokenFailure;

export function verifyUnsubscribeToken(token: unknown, secret: string, now = Date.now()): TokenCheck {
  const opened = openToken(token, 1, secret, { now });
  return opened.ok ? { ok: true, email: opened.fields[0]! } : opened;
}
