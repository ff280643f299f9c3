import { adminApiPaths } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AdminContext } from '../admin-api/admin-context.js';
import { answers } from '../admin-api/response-schemas.js';
import { requireSession } from '../operators/require-session.js';

/** What the inbox shows of the server's settings: the site's name and keys, retention and sessions. */
export const settingsRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));

  app.get(
    adminApiPaths.settings,
    { schema: { response: answers.settings } },
    async () => context.inboxSettings,
  );
};
