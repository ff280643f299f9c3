import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The app secret also signs unsubscribe tokens; this prefix keeps the two kinds of signature apart.
const sign = (nonce: string, secret: string) =>
  createHmac('sha256', secret).update(`xsrf-token\n${nonce}`).digest('base64url');

/** `<nonce>.<signature>`: 32 random bytes and their HMAC-SHA256 with the app secret, both base64url. */
export function createXsrfToken(secret: string): string {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${sign(nonce, secret)}`;
}

/** True only for a token signed with this secret. */
export function isSignedXsrfToken(token: string, secret: string): boolean {
  const [nonce, signature, ...rest] = token.split('.');
  if (!nonce || !signature || rest.length > 0) return false;
  const expected = Buffer.from(sign(nonce, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
