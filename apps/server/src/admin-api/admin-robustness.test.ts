import { adminApiPaths, apiErrorCodes, XSRF_HEADER } from '@site/api-contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { adminBrowser } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { printedSignInLink } from '@site/testing/mail-links';
import { softwareAuthenticator } from '../test/software-authenticator.js';
import { buildTestApp } from '../test/test-app.js';

let app: FastifyInstance;

/** Every path (GET-only ones answer POST with 404), and the retry of a message that is not there. */
const postRoutes = [
  ...Object.values(adminApiPaths).filter((path) => path !== adminApiPaths.session),
  ...['retry', 'read', 'reveal'].map(
    (action) => `${adminApiPaths.messages}/01a20000-0000-7000-8000-000000000000/${action}`,
  ),
];

/** Bodies that come near the real ones (tokens, credentials) as well as any JSON at all. */
const bodies = fc.oneof(
  fc.jsonValue(),
  fc.record({ email: fc.oneof(fc.emailAddress(), fc.string(), fc.jsonValue()) }),
  fc.record({ token: fc.oneof(fc.base64String(), fc.stringMatching(/^[\w-]{43}$/)) }),
  fc.record({
    id: fc.oneof(fc.stringMatching(/^[\w-]{1,64}$/), fc.jsonValue()),
    name: fc.oneof(fc.string(), fc.jsonValue()),
  }),
  fc.record({
    token: fc.stringMatching(/^[\w-]{43}$/),
    credential: fc.record({
      id: fc.stringMatching(/^[\w-]{1,40}$/),
      rawId: fc.stringMatching(/^[\w-]{1,40}$/),
      type: fc.constant('public-key'),
      response: fc.dictionary(
        fc.constantFrom(
          'clientDataJSON',
          'attestationObject',
          'authenticatorData',
          'signature',
          'userHandle',
        ),
        fc.stringMatching(/^[\w-]{1,200}$/),
      ),
    }),
  }),
);

describe('the admin API and what clients send', () => {
  it('sign-in routes want the public XSRF token first', async () => {
    ({ app } = await buildTestApp());
    for (const url of [adminApiPaths.requestLink, adminApiPaths.linkOptions, adminApiPaths.passkeyOptions]) {
      const response = await adminBrowser(app).post(
        url,
        { email: 'a@example.com' },
        { [XSRF_HEADER]: 'forged' },
      );
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe(apiErrorCodes.xsrfFailed);
    }
  });

  it('random JSON bodies, signed in or not, get 4xx answers, never a 5xx', async () => {
    const { app: built, storage } = await buildTestApp({
      ADMIN_LINK_RATE_PER_ADDRESS: '1000',
      ADMIN_LINK_RATE_PER_IP: '100000',
      ADMIN_SIGN_IN_RATE_PER_IP: '100000',
    });
    app = built;
    const invited = await messagesInProcess(
      storage,
      'operator',
      'invite',
      'anna@example.com',
      '--print-link',
    );
    expect(invited.code).toBe(0);
    const signedIn = adminBrowser(app);
    const [, token] = printedSignInLink(invited.out);
    expect(
      (await signedIn.registerWithLink(token, softwareAuthenticator('http://localhost'))).statusCode,
    ).toBe(200);
    const browsers = [adminBrowser(app), signedIn];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postRoutes),
        bodies,
        fc.constantFrom(0, 1),
        async (url, body, who) => {
          // Revoking or signing out the one signed-in operator would end the run's session early.
          if (
            who === 1 &&
            (
              [adminApiPaths.signOut, adminApiPaths.revokeOperator, adminApiPaths.removePasskey] as string[]
            ).includes(url)
          )
            return;
          const response = await browsers[who]!.post(url, body);
          expect(response.statusCode, `${url} ${JSON.stringify(body)} -> ${response.body}`).toBeLessThan(500);
          // A 204 (a name set, a saved reply changed) has no body to read.
          if (response.statusCode !== 204)
            expect(response.json().error ?? '', url).not.toBe(apiErrorCodes.internalError);
        },
      ),
      { numRuns: 300 },
    );
  });
});
