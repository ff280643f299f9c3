import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInContext } from './operator-services.js';
import { csrfTokenOf, sessionCookie, sessionToken } from './session-cookie.js';
import { hashToken } from '../security/secret-token.js';

/** What GET session and every sign-in answer: who is signed in, and the CSRF token for the header. */
export const sessionAnswer = (
  { email, name }: { email: string; name: string | null },
  tokenHash: string,
  secret: string,
) => ({
  operator: { email, name },
  csrfToken: csrfTokenOf(tokenHash, secret),
});

/**
 * Starts a session for the operator with this passkey: a new token in the cookie, recorded in the audit
 * log. The session the browser presented, if any, ends: a sign-in replaces it, whoever it was for.
 */
export async function startSession(
  context: SignInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  operator: { id: number; email: string; name: string | null },
  credentialId: string,
  action: string,
) {
  const previous = sessionToken(request, context.cookies);
  if (previous) await context.sessions.revoke(hashToken(previous));
  const token = await context.sessions.create(operator.id, credentialId);
  await context.audit.record({ operatorId: operator.id, via: 'inbox', action });
  reply.header('set-cookie', sessionCookie(token, context.cookies));
  return reply.send(sessionAnswer(operator, hashToken(token), context.cookies.secret));
}
