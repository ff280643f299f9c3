import { apiErrorCodes } from '@site/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { sendApiError } from '../http/api-error.js';
import type { SignInContext } from './operator-services.js';

/** Why a sign-in failed, as its audit entry says. */
export type FailureReason = 'bad-link' | 'passkey-rejected' | 'flagged-passkey' | 'counter-regression';

const badLink = (reply: FastifyReply) =>
  sendApiError(reply, 400, apiErrorCodes.invalidSignInLink, 'This sign-in link is unknown, used or expired.');

const rejected = (reply: FastifyReply) =>
  sendApiError(reply, 400, apiErrorCodes.passkeyRejected, 'The passkey could not be verified.');

/**
 * A WebAuthn response that does not even parse fails as one that does not verify; a database that cannot
 * be reached while its challenge is checked stays a 503.
 */
export async function orUndefined<T>(check: () => Promise<T | undefined>): Promise<T | undefined> {
  try {
    return await check();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    return undefined;
  }
}

/**
 * How the sign-in routes answer what goes wrong: each failure is counted against the client address and
 * audited with its reason; a client over the limit gets 429, and only its first refusal in the hour is
 * audited, so a flood writes a bounded number of rows.
 */
export function signInFailures(context: SignInContext) {
  const { requests, audit } = context;
  const refused = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await requests.firstRefusal(request.ip))
      await audit.record({
        operatorId: null,
        via: 'inbox',
        action: 'sign-in.failed',
        target: 'rate-limited',
      });
    return sendApiError(
      reply.header('retry-after', '3600'),
      429,
      apiErrorCodes.tooManyRequests,
      'Too many sign-in attempts. Please try again in an hour.',
    );
  };

  return {
    refused,

    /** A preHandler: a client that failed too often goes no further. */
    async mayTry(request: FastifyRequest, reply: FastifyReply) {
      if (!(await requests.mayAttempt(request.ip))) return refused(request, reply);
    },

    async failed(
      request: FastifyRequest,
      reply: FastifyReply,
      reason: FailureReason,
      about: { operatorId?: number; credentialId?: string; challenge?: string } = {},
    ) {
      await requests.failed(request.ip, about.challenge);
      await audit.record({
        operatorId: about.operatorId ?? null,
        via: 'inbox',
        action: 'sign-in.failed',
        target: about.credentialId ? `${reason} passkey:${about.credentialId.slice(0, 16)}` : reason,
      });
      return reason === 'bad-link' ? badLink(reply) : rejected(reply);
    },
  };
}
