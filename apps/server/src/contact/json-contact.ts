import { apiErrorCodes, SITE_KEY_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import { judgeOrigin, type Origins } from '../security/origin.js';
import { hasValidXsrfToken, type XsrfSettings } from '../security/xsrf.js';
import { requestTiming } from '../spam/request-timing.js';
import type { AcceptMessage } from './accept-message.js';

/** A message sent as JSON by the site's scripts (or a partner's): JSON answers, double-submit XSRF. */
export async function answerJson(
  request: FastifyRequest,
  reply: FastifyReply,
  accept: AcceptMessage,
  origins: Origins,
  xsrf: XsrfSettings,
) {
  const origin = judgeOrigin(request, origins);
  if (origin === 'forbidden') {
    return sendApiError(reply, 403, apiErrorCodes.originNotAllowed, 'This origin may not send messages.');
  }
  if (origin === 'same-origin' && !hasValidXsrfToken(request, xsrf)) {
    return sendApiError(
      reply,
      403,
      apiErrorCodes.xsrfFailed,
      `The X-XSRF-TOKEN header must repeat the token from GET ${XSRF_TOKEN_PATH} (also set as a cookie).`,
    );
  }

  const outcome = await accept(
    {
      siteKey: request.headers[SITE_KEY_HEADER],
      message: request.body,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      timing: requestTiming(request, origins, xsrf),
    },
    request.log,
  );
  switch (outcome.kind) {
    case 'stored':
      return reply.code(201).send({ id: outcome.id });
    case 'unknown-site':
      return sendApiError(
        reply,
        401,
        apiErrorCodes.invalidSiteKey,
        `The ${SITE_KEY_HEADER} header is missing or not a known site key.`,
      );
    case 'rate-limited':
      reply.header('retry-after', String(outcome.waitSeconds));
      return sendApiError(
        reply,
        429,
        apiErrorCodes.tooManyRequests,
        `Too many messages. Please try again in ${outcome.waitSeconds} s.`,
      );
    case 'invalid':
      return sendApiError(reply, 400, apiErrorCodes.invalidMessage, 'Some fields are missing or invalid.', {
        fields: outcome.fields,
      });
    case 'unavailable':
      return sendApiError(
        reply,
        503,
        apiErrorCodes.storageUnavailable,
        'Your message could not be stored. Please try again in a minute.',
      );
  }
}
