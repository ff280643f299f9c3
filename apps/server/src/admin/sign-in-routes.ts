import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { adminApiPaths, apiErrorCodes, isValidEmail } from '@site/contact';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { sendApiError } from '../http/api-error.js';
import { hasValidXsrfToken } from '../security/xsrf.js';
import type { AdminContext } from './admin-context.js';
import { registerPasskey } from './passkey-registration.js';
import { bodies } from './request-schemas.js';
import { startSession } from './session-start.js';

const LINK_ANSWER = 'If this address belongs to an operator, a sign-in link is on its way.';

const badLink = (reply: FastifyReply) =>
  sendApiError(reply, 400, apiErrorCodes.invalidSignInLink, 'This sign-in link is unknown, used or expired.');

const rejected = (reply: FastifyReply) =>
  sendApiError(reply, 400, apiErrorCodes.passkeyRejected, 'The passkey could not be verified.');

const tooMany = (reply: FastifyReply) =>
  sendApiError(
    reply.header('retry-after', '3600'),
    429,
    apiErrorCodes.tooManyRequests,
    'Too many sign-in attempts. Please try again in an hour.',
  );

/**
 * A WebAuthn response that does not even parse fails as one that does not verify; a database that cannot
 * be reached while its challenge is checked stays a 503.
 */
async function orUndefined<T>(check: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    return undefined;
  }
}

/** The routes before there is a session: the public XSRF double submit guards them instead. */
export const signInRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasValidXsrfToken(request, context.xsrf))
      return sendApiError(reply, 403, apiErrorCodes.xsrfFailed, 'The XSRF token is missing or invalid.');
  });

  app.post<{ Body: { email: string } }>(
    adminApiPaths.requestLink,
    { schema: { body: bodies.email } },
    async (request, reply) => {
      const { email } = request.body;
      if (!isValidEmail(email))
        return sendApiError(reply, 400, apiErrorCodes.badRequest, 'This is not an e-mail address.');
      if (!(await context.requests.admitLink(email, request.ip))) return tooMany(reply);
      // Not awaited: a mail being sent or not must not show in how long the answer takes.
      context.access
        .mailLinkIfOperator(email)
        .catch((error: unknown) => request.log.error({ err: error }, 'sign-in link not sent'));
      return reply.code(202).send({ message: LINK_ANSWER });
    },
  );

  app.post<{ Body: { token: string } }>(
    adminApiPaths.linkOptions,
    { schema: { body: bodies.token } },
    async (request, reply) => {
      const operator = await context.links.peek(request.body.token);
      if (!operator) return badLink(reply);
      const existing = await context.passkeys.credentialIdsOf(operator.id);
      const options = await context.webauthn.registrationOptions(operator, existing);
      await context.challenges.issue(options.challenge, 'register', operator.id);
      return options;
    },
  );

  app.post<{ Body: { token: string; credential: RegistrationResponseJSON } }>(
    adminApiPaths.linkVerify,
    { schema: { body: bodies.registration } },
    async (request, reply) => {
      const { token, credential } = request.body;
      const operator = await context.links.peek(token);
      if (!operator) return badLink(reply);
      const passkey = await orUndefined(() =>
        context.webauthn.verifyRegistration(credential, (challenge) =>
          context.challenges.consume(challenge, 'register', operator.id),
        ),
      );
      if (!passkey) return rejected(reply);
      const outcome = await registerPasskey(context.db, token, { ...passkey, operatorId: operator.id });
      if (outcome === 'link-spent') return badLink(reply);
      if (outcome === 'passkey-taken') return rejected(reply);
      return startSession(context, reply, operator, 'sign-in.passkey-registered');
    },
  );

  app.post(adminApiPaths.passkeyOptions, { schema: { body: bodies.none } }, async (request, reply) => {
    if (!(await context.requests.admitPasskey(request.ip))) return tooMany(reply);
    const options = await context.webauthn.authenticationOptions();
    await context.challenges.issue(options.challenge, 'authenticate', null);
    return options;
  });

  app.post<{ Body: { credential: AuthenticationResponseJSON } }>(
    adminApiPaths.passkeyVerify,
    { schema: { body: bodies.authentication } },
    async (request, reply) => {
      const { credential } = request.body;
      const passkey = await context.passkeys.byCredentialId(credential.id);
      if (!passkey) return rejected(reply);
      const counter = await orUndefined(() =>
        context.webauthn.verifyAuthentication(credential, passkey, (challenge) =>
          context.challenges.consume(challenge, 'authenticate', null),
        ),
      );
      if (counter === undefined) return rejected(reply);
      await context.passkeys.markUsed(passkey.credentialId, counter);
      const operator = await context.access.operators.byId(passkey.operatorId);
      if (!operator) return rejected(reply);
      return startSession(context, reply, operator, 'sign-in');
    },
  );
};
