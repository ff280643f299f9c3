import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import { hasValidXsrfToken } from '../security/xsrf.js';
import type { SignInContext } from './operator-services.js';
import { browserOf, passkeyName } from './device-name.js';
import { passkeySignInRoutes } from './passkey-sign-in-routes.js';
import { registerPasskey } from './passkey-registration.js';
import { clearedLinkCookie, linkCookie, linkTicket } from './session-cookie.js';
import { startSession } from './session-start.js';
import { orUndefined, signInFailures } from './sign-in-failures.js';

const LINK_ANSWER = 'If this address belongs to an operator, a sign-in link is on its way.';

/**
 * The routes before there is a session, which the public XSRF double submit guards instead: asking for
 * a link, opening it (its token traded for a ticket cookie at once) and making a passkey with it; and
 * signing in with a passkey (passkey-sign-in-routes.ts).
 */
export const signInRoutes: ZodPlugin<{ context: SignInContext }> = async (app, { context }) => {
  const failures = signInFailures(context);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasValidXsrfToken(request, context.xsrf))
      return sendApiError(reply, 403, apiErrorCodes.xsrfFailed, 'The XSRF token is missing or invalid.');
  });

  addRoute(app, adminRoutes.requestSignInLink, async (request, reply) => {
    const { email } = request.body;
    const admitted = await context.requests.admitLink(email, request.ip, (trx) =>
      context.access.queueLinkIfOperator(trx, email),
    );
    if (!admitted) return failures.refused(request, reply);
    // The outbox is not woken: it makes and mails the link at its next poll, so that work follows no
    // answer an observer could time, and this request cost the same whoever the address is.
    return reply.code(202).send({ message: LINK_ANSWER });
  });

  const { mayTry } = failures;
  addRoute(
    app,
    adminRoutes.claimSignInLink,
    async (request, reply) => {
      const claimed = await context.links.claim(request.body.token);
      if (!claimed) return failures.failed(request, reply, 'bad-link');
      await context.audit.record({
        operatorId: claimed.operatorId,
        via: 'inbox',
        action: 'sign-in.link-opened',
      });
      return reply
        .header('set-cookie', linkCookie(claimed.ticket, claimed.expiresAt, context.cookies))
        .send({ operator: { email: claimed.email } });
    },
    { preHandler: mayTry },
  );

  addRoute(
    app,
    adminRoutes.signInLinkOptions,
    async (request, reply) => {
      const operator = await context.links.byTicket(linkTicket(request, context.cookies));
      if (!operator) return failures.failed(request, reply, 'bad-link');
      const existing = await context.passkeys.credentialIdsOf(operator.id);
      const options = await context.webauthn.registrationOptions(operator, existing);
      await context.challenges.issue(options.challenge, 'register', operator.id);
      return options;
    },
    { preHandler: mayTry },
  );

  addRoute(
    app,
    adminRoutes.registerPasskey,
    async (request, reply) => {
      const ticket = linkTicket(request, context.cookies);
      const operator = await context.links.byTicket(ticket);
      if (!ticket || !operator) return failures.failed(request, reply, 'bad-link');
      const passkey = await orUndefined(() =>
        context.webauthn.verifyRegistration(
          request.body.credential as RegistrationResponseJSON,
          (challenge) => context.challenges.consume(challenge, 'register', operator.id),
        ),
      );
      if (!passkey) return failures.failed(request, reply, 'passkey-rejected', { operatorId: operator.id });
      const userAgent = request.headers['user-agent'];
      const outcome = await registerPasskey(
        context.db,
        ticket,
        { ...passkey, operatorId: operator.id, name: passkeyName(userAgent, passkey.transports) },
        { browser: browserOf(userAgent), ip: request.ip },
      );
      if (outcome === 'link-spent') return failures.failed(request, reply, 'bad-link');
      if (outcome === 'passkey-taken')
        return failures.failed(request, reply, 'passkey-rejected', { operatorId: operator.id });
      context.wakeOutbox();
      reply.header('set-cookie', clearedLinkCookie(context.cookies));
      return startSession(
        context,
        request,
        reply,
        operator,
        passkey.credentialId,
        'sign-in.passkey-registered',
      );
    },
    { preHandler: mayTry },
  );

  await app.register(passkeySignInRoutes, { context });
};
