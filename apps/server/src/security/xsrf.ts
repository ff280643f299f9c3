import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  SECURE_XSRF_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
  xsrfTokenAnswer,
} from '@site/api-contract';
import fp from 'fastify-plugin';
import { parseCookies } from '../http/cookies.js';
import { createXsrfToken, xsrfTokenIssuedAt } from './xsrf-token.js';

/** `secret` signs the tokens; `secure` (SITE_URL is https) makes the cookie Secure and __Host-. */
export type XsrfSettings = { secret: string; secure: boolean };

// Browsers keep a __Host- cookie only when this host set it Secure, Path=/ and without Domain, so neither
// a sibling subdomain nor a plain-http answer can plant or replace it.
const cookieName = ({ secure }: XsrfSettings) => (secure ? SECURE_XSRF_COOKIE : XSRF_COOKIE);

/** HttpOnly: scripts get the token from GET /api/csrf. */
const cookieFor = (token: string, settings: XsrfSettings) =>
  `${cookieName(settings)}=${token}; Path=/; HttpOnly; SameSite=Lax${settings.secure ? '; Secure' : ''}`;

type SignedCookie = { token: string; issuedAt: number };
/** Each request's cookie as checked: the check (an HMAC) is made once however many ask. */
const checked = new WeakMap<FastifyRequest, SignedCookie | null>();

/** The request's XSRF cookie and its issue time, when this server signed it. */
function signedCookie(request: FastifyRequest, settings: XsrfSettings): SignedCookie | undefined {
  let cookie = checked.get(request);
  if (cookie === undefined) {
    const token = parseCookies(request.headers.cookie).get(cookieName(settings));
    const issuedAt = token === undefined ? undefined : xsrfTokenIssuedAt(token, settings.secret);
    cookie = token === undefined || issuedAt === undefined ? null : { token, issuedAt };
    checked.set(request, cookie);
  }
  return cookie ?? undefined;
}

const signedCookieToken = (request: FastifyRequest, settings: XsrfSettings) =>
  signedCookie(request, settings)?.token;

/** When this client was first served a page: the issue time of its signed XSRF cookie, if it has one. */
export const pageServedAt = (request: FastifyRequest, settings: XsrfSettings) =>
  signedCookie(request, settings)?.issuedAt;

/**
 * Double submit: the X-XSRF-TOKEN header must repeat the XSRF cookie, which other sites cannot read, and
 * the token must carry this server's signature, so a cookie planted by someone else does not pass.
 */
export function hasValidXsrfToken(request: FastifyRequest, settings: XsrfSettings): boolean {
  const cookie = signedCookieToken(request, settings);
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Gives every visitor a signed XSRF cookie with the pages they load and from `GET /api/csrf`, which also
 * answers the token; a missing, planted or otherwise invalid cookie is replaced.
 */
const xsrfCookiePlugin: FastifyPluginAsync<XsrfSettings> = async (app, settings) => {
  app.addHook('onSend', async (request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !signedCookieToken(request, settings)) {
      reply.header('set-cookie', cookieFor(createXsrfToken(settings.secret), settings));
    }
  });

  app.get(XSRF_TOKEN_PATH, { schema: { response: { 200: xsrfTokenAnswer } } }, async (request, reply) => {
    let token = signedCookieToken(request, settings);
    if (!token) {
      token = createXsrfToken(settings.secret);
      reply.header('set-cookie', cookieFor(token, settings));
    }
    return reply.header('cache-control', 'no-store').send({ token });
  });
};

/** Not encapsulated: its hook sees the pages the static-site plugin sends. */
export const xsrfCookie = fp(xsrfCookiePlugin, { name: 'xsrf-cookie' });
