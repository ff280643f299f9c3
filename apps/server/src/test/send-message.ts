import {
  CONTACT_API_PATH,
  CONTACT_PAGE_PATH,
  SITE_KEY_HEADER,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { sampleMessage } from '@site/testing/sample-message';
import { TEST_SITE_KEY } from './test-app.js';

/** The harness's sample message, which the contact schema accepts. */
export const validMessage = sampleMessage;

/** `name=value` of the XSRF cookie a response sets, whichever name the server gives it. */
export const xsrfCookiePair = (setCookie: unknown) => String(setCookie).split(';')[0]!;

/**
 * GET /api/csrf as a visitor who was first served a page `ageMs` ago: the clock is set back for that
 * request only, so the spam filter's page timing sees a person who read before writing.
 */
export async function visitorXsrf(app: FastifyInstance, ageMs = 60_000) {
  if (ageMs === 0 || vi.isFakeTimers()) return app.inject(XSRF_TOKEN_PATH);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() - ageMs);
  try {
    return await app.inject(XSRF_TOKEN_PATH);
  } finally {
    vi.useRealTimers();
  }
}

/**
 * POSTs a message the way the site's own pages do: JSON, site key, XSRF cookie and header, from a
 * visitor who opened the site a minute before.
 */
export async function sendMessage(
  app: FastifyInstance,
  body: unknown = validMessage,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  const csrf = await visitorXsrf(app);
  const { token } = csrf.json<{ token: string }>();
  return app.inject({
    method: 'POST',
    url: CONTACT_API_PATH,
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      [SITE_KEY_HEADER]: TEST_SITE_KEY,
      cookie: xsrfCookiePair(csrf.headers['set-cookie']),
      [XSRF_HEADER]: token,
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The headers of a plain form post that Chromium sends from the site's page at `referer`. */
export const fromSitePage = (referer = `http://localhost:80${CONTACT_PAGE_PATH}`) => ({
  'sec-fetch-site': 'same-origin',
  origin: 'http://localhost',
  referer,
});

/** A plain HTML form post (no JavaScript) to the contact API, from the site's /contact page unless `headers` say otherwise. */
export const postContactForm = (
  app: FastifyInstance,
  fields: Record<string, string>,
  headers: Record<string, string> = fromSitePage(),
  remoteAddress?: string,
) =>
  app.inject({
    method: 'POST',
    url: CONTACT_API_PATH,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
