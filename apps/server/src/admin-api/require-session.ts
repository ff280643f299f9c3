import { ADMIN_BACKGROUND_HEADER, ADMIN_CSRF_HEADER, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { inboxOperator } from '../audit/audit-log.js';
import { sendApiError } from '../http/api-error.js';
import { type CookieSettings, csrfMatches, sessionToken } from '../operators/session-cookie.js';
import type { SessionOperator, SessionRepository } from '../operators/session-repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set on every route behind requireSession. */
    operator?: SessionOperator;
  }
}

const readOnly = new Set(['GET', 'HEAD']);

/**
 * An onRequest hook: 401 without a live session, 403 when a state-changing request lacks the session's
 * CSRF header. It runs before the body is read, so neither answer depends on what was sent. A request
 * the inbox makes on its own (ADMIN_BACKGROUND_HEADER) is answered without keeping the session alive.
 */
export const requireSession =
  (sessions: SessionRepository, cookies: CookieSettings) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(request, cookies);
    const touch = request.headers[ADMIN_BACKGROUND_HEADER] !== '1';
    const operator = token ? await sessions.use(token, { touch }) : undefined;
    if (!operator) return sendApiError(reply, 401, apiErrorCodes.signInRequired, 'Please sign in.');
    if (
      !readOnly.has(request.method) &&
      !csrfMatches(request.headers[ADMIN_CSRF_HEADER], operator.tokenHash, cookies.secret)
    )
      return sendApiError(reply, 403, apiErrorCodes.csrfFailed, 'The CSRF token is missing or wrong.');
    request.operator = operator;
  };

/** The onRequest hook of every route that needs a signed-in operator. */
export type SessionGuard = ReturnType<typeof requireSession>;

/** The signed-in operator as the acting party of a service call, for its audit entry. */
export const actorOf = (request: FastifyRequest) => inboxOperator(signedIn(request).id);

/** The operator requireSession found; only for routes behind it. */
export function signedIn(request: FastifyRequest): SessionOperator {
  if (!request.operator) throw new Error('route is not behind requireSession');
  return request.operator;
}
