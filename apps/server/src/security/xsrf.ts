import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseCookies } from '../http/cookies.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const newToken = () => randomBytes(32).toString('base64url');
/** Readable by the page's script (not HttpOnly: it must copy it into the header); Secure over https. */
const cookieFor = (token: string, request: FastifyRequest) =>
  `${XSRF_COOKIE}=${token}; Path=/; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;

/** Double submit: the X-XSRF-TOKEN header must repeat the XSRF-TOKEN cookie, which other sites cannot read. */
export function hasValidXsrfToken(request: FastifyRequest): boolean {
  const cookie = parseCookies(request.headers.cookie).get(XSRF_COOKIE);
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string') return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Gives every visitor an XSRF-TOKEN cookie with the pages they load, or from `GET /api/csrf`. */
const xsrfCookiePlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (request, reply) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !parseCookies(request.headers.cookie).has(XSRF_COOKIE)) {
      reply.header('set-cookie', cookieFor(newToken(), request));
    }
  });

  app.get('/api/csrf', async (request, reply) => {
    const existing = parseCookies(request.headers.cookie).get(XSRF_COOKIE);
    const token = existing ?? newToken();
    if (!existing) reply.header('set-cookie', cookieFor(token, request));
    return reply.header('cache-control', 'no-store').send({ token });
  });
};

/** Not encapsulated: its hook sees the pages the static-site plugin sends. */
export const xsrfCookie = fp(xsrfCookiePlugin, { name: 'xsrf-cookie' });
