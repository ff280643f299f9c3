import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Env } from '../env.js';

/** How long a client may take over a request or hold a connection: the server faces the internet. */
export function connectionLimits(env: Env) {
  return {
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    connectionTimeout: env.CONNECTION_TIMEOUT_MS,
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: env.HEADERS_TIMEOUT_MS,
      // Node looks for requests past these two timeouts only every 30 s unless told otherwise.
      connectionsCheckingInterval: Math.ceil(env.HEADERS_TIMEOUT_MS / 10),
    },
  } satisfies FastifyHttpOptions<Server>;
}
