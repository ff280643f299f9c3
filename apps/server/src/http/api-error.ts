import type { ApiErrorCode } from '@site/api-contract';
import type { FastifyReply } from 'fastify';

/** Every error answer of the API: `{ error, message }`, plus details where they help. */
export function sendApiError(
  reply: FastifyReply,
  status: number,
  error: ApiErrorCode,
  message: string,
  details: Record<string, unknown> = {},
) {
  return reply.code(status).send({ error, message, ...details });
}
