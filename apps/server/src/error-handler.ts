import { apiErrorCodes, type ApiErrorCode } from '@site/api-contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { sendApiError } from './http/api-error.js';

/** Fastify's own client errors, in the API's words. */
const knownClientErrors: Record<string, [code: ApiErrorCode, message: string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [apiErrorCodes.payloadTooLarge, 'The request body is larger than 64 KB.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [apiErrorCodes.unsupportedMediaType, 'This content type is not accepted.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [apiErrorCodes.invalidJson, 'The request body is empty.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [apiErrorCodes.invalidJson, 'The request body is not valid JSON.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    apiErrorCodes.badRequest,
    'The Content-Length header does not match the body.',
  ],
};

/**
 * Client errors keep their status with a JSON reason; a database that cannot be reached is a 503 to try
 * again later; anything else is logged and answered without detail.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = error.code ? knownClientErrors[error.code] : undefined;
    if (known) return sendApiError(reply, status, known[0], known[1]);
    return sendApiError(reply, status, apiErrorCodes.badRequest, error.message);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '60');
    return sendApiError(
      reply,
      503,
      apiErrorCodes.storageUnavailable,
      'The service is briefly unavailable. Please try again in a minute.',
    );
  }
  request.log.error({ err: error }, 'request failed');
  return sendApiError(reply, 500, apiErrorCodes.internalError, 'Something went wrong on our side.');
}
