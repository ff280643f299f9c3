import { ADMIN_CSRF_HEADER, adminApiPaths, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { inviteOperator } from './messages-in-process.js';
import { type SoftwareAuthenticator, softwareAuthenticator } from './software-authenticator.js';
import type { TestStorage } from './test-storage.js';

/** What Chromium on a Linux desktop says it is. */
export const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/**
 * One browser talking to /admin/api: it keeps its cookies (the public XSRF one and the session), and
 * sends the XSRF token before sign-in and the session's CSRF token after, as the inbox app will.
 */
export function adminBrowser(app: FastifyInstance, remoteAddress = '127.0.0.1', userAgent = CHROME_ON_LINUX) {
  const cookies = new Map<string, string>();
  let xsrfToken = '';
  let csrfToken = '';

  const keepCookies = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  async function send(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (!xsrfToken)
      xsrfToken = keepCookies(await app.inject(XSRF_TOKEN_PATH)).json<{ token: string }>().token;
    const response = await app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        'user-agent': userAgent,
        cookie: cookieHeader(),
        [XSRF_HEADER]: xsrfToken,
        ...(csrfToken ? { [ADMIN_CSRF_HEADER]: csrfToken } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    keepCookies(response);
    const answer = response.headers['content-type']?.toString().startsWith('application/json')
      ? response.json<{ csrfToken?: unknown }>()
      : {};
    if (typeof answer.csrfToken === 'string') csrfToken = answer.csrfToken;
    return response;
  }

  /** The passkey made with the ticket of a link this browser opened already. */
  async function registerWithTicket(authenticator: SoftwareAuthenticator) {
    const options = await send('POST', adminApiPaths.linkOptions, {});
    if (options.statusCode !== 200) return options;
    const credential = authenticator.register(options.json());
    return send('POST', adminApiPaths.linkVerify, { credential });
  }

  return {
    cookies,
    get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
    post: (url: string, body: unknown = {}, headers?: Record<string, string>) =>
      send('POST', url, body, headers),
    get csrfToken() {
      return csrfToken;
    },

    /** The link's first visit: the token traded for the ticket cookie, registration options, the authenticator's answer, the session. */
    async registerWithLink(token: string, authenticator: SoftwareAuthenticator) {
      const claimed = await send('POST', adminApiPaths.linkClaim, { token });
      if (claimed.statusCode !== 200) return claimed;
      return registerWithTicket(authenticator);
    },

    registerWithTicket,

    /** Sign-in with a passkey already registered. */
    async signIn(authenticator: SoftwareAuthenticator) {
      const options = await send('POST', adminApiPaths.passkeyOptions, {});
      const credential = authenticator.authenticate(options.json());
      return send('POST', adminApiPaths.passkeyVerify, { credential });
    },
  };
}

export type AdminBrowser = ReturnType<typeof adminBrowser>;

/** The browser of a fresh operator, invited on the command line and signed in through the mailed link. */
export async function signedInOperator(
  app: FastifyInstance,
  storage: TestStorage,
  email: string,
  origin = 'http://localhost',
) {
  const browser = adminBrowser(app);
  const authenticator = softwareAuthenticator(origin);
  const response = await browser.registerWithLink(await inviteOperator(storage, email), authenticator);
  expect(response.statusCode, response.body).toBe(200);
  return Object.assign(browser, { authenticator });
}
