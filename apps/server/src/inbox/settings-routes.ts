import { adminRoutes, type InboxSettings } from '@site/api-contract';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import type { SessionGuard } from '../security/session-guard.js';

/** What the inbox shows of the server's settings: the site's name and keys, retention and sessions. */
export const settingsRoutes: ZodPlugin<{ settings: InboxSettings; guard: SessionGuard }> = async (
  app,
  { settings, guard },
) => {
  app.addHook('onRequest', guard);
  addRoute(app, adminRoutes.settings, async () => settings);
};
