import { FORM_STARTED_PATH } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { PageViewCounter } from './page-view-buffer.js';

/**
 * POST /api/form-started: the contact page's form says a visitor touched its first field (one beacon,
 * no body). Counted for the funnel by the day's visitor hash; 204 whatever it was.
 */
export const formStartedRoute: FastifyPluginAsync<{ counter: PageViewCounter }> = async (
  app,
  { counter },
) => {
  app.post(FORM_STARTED_PATH, { bodyLimit: 1_024 }, async (request, reply) => {
    counter.formStarted(request);
    return reply.code(204).send();
  });
};
