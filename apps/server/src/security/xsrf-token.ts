import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// The app secret also signs unsubscribe tokens; this prefix keeps the two kinds of signature apart.
const sign = (payload: string, secret: string) =>
  createHmac('sha256', secret).update(`xsrf-token\n${payload}`).digest('base64url');

/**
 * `<nonce>.<issued>.<signature>`: 32 random bytes, the time it was issued (ms, base 36), and their
 * HMAC-SHA256 with the app secret. The time tells the spam filter how long ago the browser was first
 * served a page.
 */
export function createXsrfToken(secret: string, now = Date.now()): string {
  const payload = `${randomBytes(32).toString('base64url')}.${now.toString(36)}`;
  return `${payload}.${sign(payload, secret)}`;
}

/** When a token signed with this secret was issued (ms); undefined for any other token. */
export function xsrfTokenIssuedAt(token: string, secret: string): number | undefined {
  const [nonce, issued, signature, ...rest] = token.split('.');
  if (!nonce || !issued || !signature || rest.length > 0 || !/^[0-9a-z]{1,12}$/.test(issued))
    return undefined;
  const expected = Buffer.from(sign(`${nonce}.${issued}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return parseInt(issued, 36);
}
