import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * A request as its log lines show it: the path without the query string, which can carry an
 * unsubscribe token (an e-mail address, valid for two years) or an address pasted into a link.
 */
const withoutQuery = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.split('?', 1)[0],
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Fastify's logger at `level`, with `given` settings (a stream in tests) and request lines without queries. */
export const loggerOptions = (level: string, given: LoggerOptions = {}): LoggerOptions => ({
  level,
  ...given,
  serializers: { ...given.serializers, req: withoutQuery },
});
