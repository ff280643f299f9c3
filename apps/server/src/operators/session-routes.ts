import { adminApiPaths, apiErrorCodes, isValidEmail } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import type { AdminContext } from '../admin-api/admin-context.js';
import { SignInMailError } from './operator-access.js';
import type { Operator, OperatorSummary } from './operator-repository.js';
import { bodies } from '../admin-api/request-schemas.js';
import { answers } from '../admin-api/response-schemas.js';
import { requireSession, signedIn } from './require-session.js';
import { clearedSessionCookie } from './session-cookie.js';
import { sessionAnswer } from './session-start.js';

const operatorView = (row: Operator) => ({
  email: row.email,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

const summaryView = (row: OperatorSummary) => ({
  ...operatorView(row),
  passkeys: row.passkeys,
  lastSignInAt: row.last_sign_in_at,
});

/** The routes of a signed-in operator: who am I, sign out, and the operators themselves. */
export const sessionRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));

  app.get(adminApiPaths.session, { schema: { response: answers.session } }, async (request) => {
    const operator = signedIn(request);
    return sessionAnswer(operator.email, operator.tokenHash, context.cookies.secret);
  });

  app.post(adminApiPaths.signOut, { schema: { body: bodies.none } }, async (request, reply) => {
    const operator = signedIn(request);
    await context.sessions.revoke(operator.tokenHash);
    await context.audit.record({ operatorId: operator.id, via: 'inbox', action: 'sign-out' });
    return reply.header('set-cookie', clearedSessionCookie(context.cookies)).code(204).send();
  });

  app.get(adminApiPaths.operators, { schema: { response: answers.operators } }, async () => ({
    operators: (await context.access.operators.list()).map(summaryView),
  }));

  app.post<{ Body: { email: string } }>(
    adminApiPaths.operators,
    { schema: { body: bodies.email, response: answers.invited } },
    async (request, reply) => {
      if (!isValidEmail(request.body.email))
        return sendApiError(reply, 400, apiErrorCodes.badRequest, 'This is not an e-mail address.');
      const actor = { operatorId: signedIn(request).id, via: 'inbox' } as const;
      try {
        const { operator, created } = await context.access.invite(request.body.email, actor);
        return reply.code(202).send({ operator: operatorView(operator), created });
      } catch (error) {
        if (!(error instanceof SignInMailError)) throw error;
        request.log.error({ err: error }, 'sign-in link not sent');
        return sendApiError(
          reply,
          503,
          apiErrorCodes.mailUnavailable,
          'The operator is added, but the sign-in link could not be mailed. Please try again later.',
        );
      }
    },
  );

  app.post<{ Body: { email: string } }>(
    adminApiPaths.revokeOperator,
    { schema: { body: bodies.email, response: answers.revoked } },
    async (request, reply) => {
      const operator = await context.access.revoke(request.body.email, {
        operatorId: signedIn(request).id,
        via: 'inbox',
      });
      if (!operator)
        return sendApiError(reply, 404, apiErrorCodes.unknownOperator, 'No operator has this address.');
      return { operator: operatorView(operator) };
    },
  );
};
