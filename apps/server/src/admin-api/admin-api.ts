import { ADMIN_API_PREFIX, apiErrorCodes } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import { accountRoutes } from '../operators/account-routes.js';
import { type AdminSettings, adminContext } from './admin-context.js';
import { inboxRecordsRoutes } from '../inbox/inbox-records-routes.js';
import { inboxRoutes } from '../inbox/inbox-routes.js';
import { sessionRoutes } from '../operators/session-routes.js';
import { settingsRoutes } from '../inbox/settings-routes.js';
import { signInRoutes } from '../operators/sign-in-routes.js';
import { subjectRoutes } from '../inbox/subject-routes.js';

/**
 * Everything under /admin/api: never cached, never indexed, under the strict resource CSP that
 * security-headers.ts gives every answer that is not a page.
 */
export const adminApi: FastifyPluginAsync<AdminSettings> = async (app, settings) => {
  const context = adminContext(settings);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
  });
  await app.register(signInRoutes, { context });
  await app.register(sessionRoutes, { context });
  await app.register(accountRoutes, { context });
  await app.register(inboxRoutes, { context });
  await app.register(inboxRecordsRoutes, { context });
  await app.register(subjectRoutes, { context });
  await app.register(settingsRoutes, { context });
  // Unknown paths answer here, not in the site's 404 page, so they carry the same headers.
  app.all(`${ADMIN_API_PREFIX}/*`, async (_request, reply) =>
    sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such admin API path.'),
  );
};
