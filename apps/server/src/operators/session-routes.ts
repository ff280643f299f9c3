import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import { actorOf } from '../audit/request-actor.js';
import { sendApiError } from '../http/api-error.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import { signedIn } from '../security/session-guard.js';
import { SignInMailError } from './operator-access.js';
import type { Operator, OperatorSummary } from './operator-repository.js';
import type { OperatorServices } from './operator-services.js';
import { clearedSessionCookie } from './session-cookie.js';
import { sessionAnswer } from './session-start.js';

const operatorView = (row: Operator) => ({
  email: row.email,
  name: row.name,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

const summaryView = (row: OperatorSummary) => ({
  ...operatorView(row),
  passkeys: row.passkeys,
  lastSignInAt: row.last_sign_in_at,
});

type Options = Pick<OperatorServices, 'access' | 'audit' | 'cookies' | 'guard' | 'sessions'>;

/** The routes of a signed-in operator: who am I, sign out, and the operators themselves. */
export const sessionRoutes: ZodPlugin<Options> = async (app, { access, audit, cookies, guard, sessions }) => {
  app.addHook('onRequest', guard);

  addRoute(app, adminRoutes.session, async (request) => {
    const operator = signedIn(request);
    return sessionAnswer(operator, operator.tokenHash, cookies.secret);
  });

  addRoute(app, adminRoutes.signOut, async (request, reply) => {
    const operator = signedIn(request);
    await sessions.revoke(operator.tokenHash);
    await audit.record({ ...actorOf(request), action: 'sign-out' });
    return reply.header('set-cookie', clearedSessionCookie(cookies)).code(204).send();
  });

  addRoute(app, adminRoutes.operators, async () => ({
    operators: (await access.operators.list()).map(summaryView),
  }));

  addRoute(app, adminRoutes.inviteOperator, async (request, reply) => {
    try {
      const { operator, created } = await access.invite(request.body.email, actorOf(request));
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
  });

  addRoute(app, adminRoutes.revokeOperator, async (request, reply) => {
    const operator = await access.revoke(request.body.email, actorOf(request));
    if (!operator)
      return sendApiError(reply, 404, apiErrorCodes.unknownOperator, 'No operator has this address.');
    return { operator: operatorView(operator) };
  });
};
