import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** Client errors keep their status and reason; anything else is logged and answered without detail. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ error: error.code ?? 'bad_request', message: error.message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'internal_error', message: 'Something went wrong on our side.' });
}
