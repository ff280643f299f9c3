import { adminApiPaths } from '@site/contact';
import type { FastifyPluginAsync } from 'fastify';
import type { AdminContext } from './admin-context.js';
import { answers } from './response-schemas.js';
import { requireSession } from './require-session.js';

/** What the inbox shows of the server's settings: the site's name and keys, retention and sessions. */
export const settingsRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));

  app.get(
    adminApiPaths.settings,
    { schema: { response: answers.settings } },
    async () => context.inboxSettings,
  );
};
