import { createHmac, timingSafeEqual } from 'node:crypto';
import { ADMIN_SESSION_COOKIE, SECURE_ADMIN_SESSION_COOKIE } from '@site/contact';
import type { FastifyRequest } from 'fastify';
import { parseCookies } from '../http/cookies.js';
import { isTokenShaped } from './secret-token.js';

/** `secure` (SITE_URL is https): Secure and __Host-, as the XSRF cookie. `maxAgeSeconds`: the absolute limit. */
export type CookieSettings = { secure: boolean; maxAgeSeconds: number; secret: string };

const cookieName = ({ secure }: Pick<CookieSettings, 'secure'>) =>
  secure ? SECURE_ADMIN_SESSION_COOKIE : ADMIN_SESSION_COOKIE;

/** SameSite=Strict: no other site can make the browser send it, not even with a top-level link. */
export const sessionCookie = (token: string, settings: CookieSettings) =>
  `${cookieName(settings)}=${token}; Path=/; Max-Age=${settings.maxAgeSeconds}; HttpOnly; SameSite=Strict${settings.secure ? '; Secure' : ''}`;

export const clearedSessionCookie = (settings: CookieSettings) =>
  `${cookieName(settings)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${settings.secure ? '; Secure' : ''}`;

/** The request's session token, when it has the shape of one. */
export function sessionToken(request: FastifyRequest, settings: CookieSettings): string | undefined {
  const token = parseCookies(request.headers.cookie).get(cookieName(settings));
  return isTokenShaped(token) ? token : undefined;
}

/** The session's CSRF token: derived from it with the app secret, so it needs no storage and fits no other session. */
export const csrfTokenOf = (tokenHash: string, secret: string) =>
  createHmac('sha256', secret).update(`admin-csrf\n${tokenHash}`).digest('base64url');

export function csrfMatches(header: unknown, tokenHash: string, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(tokenHash, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
