import { adminRoutes } from '@site/api-contract';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import type { SessionGuard } from '../security/session-guard.js';
import type { AnalyticsFiguresService } from './analytics-figures.js';

/** The inbox's dashboard: the same report `messages analytics --json` prints (counts only, not audited). */
export const analyticsRoutes: ZodPlugin<{ analytics: AnalyticsFiguresService; guard: SessionGuard }> = async (
  app,
  { analytics, guard },
) => {
  app.addHook('onRequest', guard);
  addRoute(app, adminRoutes.analytics, async (request) => {
    const { from, to, site } = request.query;
    return analytics.report({ from, to }, site);
  });
};
