import { ADMIN_BACKGROUND_HEADER, ADMIN_CSRF_HEADER, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.js';

/** The operator of a live session, as the routes behind the guard see them. */
export type SessionOperator = {
  id: number;
  email: string;
  name: string | null;
  tokenHash: string;
  /** The passkey that started the session. */
  credentialId: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in operator, set on every route behind the session guard. */
    operator?: SessionOperator;
  }
}

/** What the guard asks of the operators' sessions (operators/session-reader.ts makes it). */
export type SessionReader = {
  /** The operator whose live session the request's cookie names; `touch` keeps the session alive. */
  operatorOf(request: FastifyRequest, touch: boolean): Promise<SessionOperator | undefined>;
  /** Whether a request's CSRF header is the one of this operator's session. */
  csrfMatches(header: unknown, operator: SessionOperator): boolean;
};

const readOnly = new Set(['GET', 'HEAD']);

/**
 * An onRequest hook: 401 without a live session, 403 when a state-changing request lacks the session's
 * CSRF header. It runs before the body is read, so neither answer depends on what was sent. A request
 * the inbox makes on its own (ADMIN_BACKGROUND_HEADER) is answered without keeping the session alive.
 */
export const sessionGuard =
  (sessions: SessionReader) => async (request: FastifyRequest, reply: FastifyReply) => {
    const touch = request.headers[ADMIN_BACKGROUND_HEADER] !== '1';
    const operator = await sessions.operatorOf(request, touch);
    if (!operator) return sendApiError(reply, 401, apiErrorCodes.signInRequired, 'Please sign in.');
    if (!readOnly.has(request.method) && !sessions.csrfMatches(request.headers[ADMIN_CSRF_HEADER], operator))
      return sendApiError(reply, 403, apiErrorCodes.csrfFailed, 'The CSRF token is missing or wrong.');
    request.operator = operator;
  };

/** The onRequest hook of every route that needs a signed-in operator. */
export type SessionGuard = ReturnType<typeof sessionGuard>;

/** The operator the session guard found; only for routes behind it. */
export function signedIn(request: FastifyRequest): SessionOperator {
  if (!request.operator) throw new Error('route is not behind the session guard');
  return request.operator;
}
