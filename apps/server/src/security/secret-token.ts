import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 32 random bytes in base64url: a sign-in link's, a link ticket's or a session's token. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: a leaked table opens no session and no link. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * What the database keeps of a value anyone could guess (an e-mail address): an HMAC keyed with
 * APP_SECRET, so hashing guesses finds nothing without the server's secret. `purpose` keeps the uses apart.
 */
export const keyedHash = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');

/** A token as it must look; anything else is refused before it reaches a query. */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{43}$/.test(value);
