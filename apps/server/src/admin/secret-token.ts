import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes in base64url: a sign-in link's or a session's token. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token (a leaked table opens no session and no link), or of an address. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A token as it must look; anything else is refused before it reaches a query. */
export const isTokenShaped = (value: unknown): value is string =>
  typeof value === 'string' && /^[\w-]{43}$/.test(value);
