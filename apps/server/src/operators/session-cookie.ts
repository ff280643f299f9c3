import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ADMIN_LINK_COOKIE,
  ADMIN_SESSION_COOKIE,
  SECURE_ADMIN_LINK_COOKIE,
  SECURE_ADMIN_SESSION_COOKIE,
} from '@site/api-contract';
import type { FastifyRequest } from 'fastify';
import { parseCookies } from '../http/cookies.js';
import { isTokenShaped } from '../security/secret-token.js';

/** `secure` (SITE_URL is https): Secure and __Host-, as the XSRF cookie. `maxAgeSeconds`: the absolute limit. */
export type CookieSettings = { secure: boolean; maxAgeSeconds: number; secret: string };

/** The operator's two cookies: the session, and the ticket of a sign-in link being used. */
const names = {
  session: { plain: ADMIN_SESSION_COOKIE, secure: SECURE_ADMIN_SESSION_COOKIE },
  link: { plain: ADMIN_LINK_COOKIE, secure: SECURE_ADMIN_LINK_COOKIE },
};
type CookieKind = keyof typeof names;

const nameOf = (kind: CookieKind, { secure }: Pick<CookieSettings, 'secure'>) =>
  secure ? names[kind].secure : names[kind].plain;

/** SameSite=Strict: no other site can make the browser send it, not even with a top-level link. */
const cookie = (kind: CookieKind, value: string, maxAgeSeconds: number, settings: CookieSettings) =>
  `${nameOf(kind, settings)}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${settings.secure ? '; Secure' : ''}`;

export const sessionCookie = (token: string, settings: CookieSettings) =>
  cookie('session', token, settings.maxAgeSeconds, settings);

export const clearedSessionCookie = (settings: CookieSettings) => cookie('session', '', 0, settings);

/** The ticket of a claimed sign-in link, until the link would have expired. */
export const linkCookie = (ticket: string, expiresAt: string, settings: CookieSettings) =>
  cookie('link', ticket, Math.max(1, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000)), settings);

export const clearedLinkCookie = (settings: CookieSettings) => cookie('link', '', 0, settings);

const tokenIn = (kind: CookieKind, request: FastifyRequest, settings: CookieSettings) => {
  const token = parseCookies(request.headers.cookie).get(nameOf(kind, settings));
  return isTokenShaped(token) ? token : undefined;
};

/** The request's session token, when it has the shape of one. */
export const sessionToken = (request: FastifyRequest, settings: CookieSettings) =>
  tokenIn('session', request, settings);

/** The ticket of the sign-in link this browser opened, when it has the shape of one. */
export const linkTicket = (request: FastifyRequest, settings: CookieSettings) =>
  tokenIn('link', request, settings);

/** The session's CSRF token: derived from it with the app secret, so it needs no storage and fits no other session. */
export const csrfTokenOf = (tokenHash: string, secret: string) =>
  createHmac('sha256', secret).update(`admin-csrf\n${tokenHash}`).digest('base64url');

export function csrfMatches(header: unknown, tokenHash: string, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(tokenHash, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
