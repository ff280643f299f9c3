import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Env } from './env.js';
import { errorHandler } from './error-handler.js';
import { staticSite } from './site/static-site.js';

/** The whole server, ready to listen or to take `inject()` calls in tests. */
export async function buildApp(env: Env, options: FastifyServerOptions = {}) {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL },
    trustProxy: true,
    ...options,
  });
  app.setErrorHandler(errorHandler);
  await app.register(staticSite, { root: env.WEB_ROOT });
  return app;
}
