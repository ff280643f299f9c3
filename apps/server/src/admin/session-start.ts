import type { FastifyReply } from 'fastify';
import type { AdminContext } from './admin-context.js';
import { csrfTokenOf, sessionCookie } from './session-cookie.js';
import { hashToken } from './secret-token.js';

/** What GET session and every sign-in answer: who is signed in, and the CSRF token for the header. */
export const sessionAnswer = (email: string, tokenHash: string, secret: string) => ({
  operator: { email },
  csrfToken: csrfTokenOf(tokenHash, secret),
});

/** Starts a session for the operator: a new token in the cookie, recorded in the audit log. */
export async function startSession(
  context: AdminContext,
  reply: FastifyReply,
  operator: { id: number; email: string },
  action: string,
) {
  const token = await context.sessions.create(operator.id);
  await context.audit.record({ operatorId: operator.id, via: 'inbox', action });
  reply.header('set-cookie', sessionCookie(token, context.cookies));
  return reply.send(sessionAnswer(operator.email, hashToken(token), context.cookies.secret));
}
