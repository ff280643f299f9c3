import { ADMIN_API_PREFIX, type AdminRoute, adminRoutes } from '@site/api-contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Where paths no route takes answer 404 (admin-api.ts): the one route under the prefix not in the table. */
export const ADMIN_API_FALLBACK = `${ADMIN_API_PREFIX}/*`;

const byRoute = new Map<string, AdminRoute>(
  Object.values(adminRoutes).map((route) => [`${route.method} ${route.path}`, route]),
);

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * Refuses, when the server starts, a route under /admin/api that is not an entry of the contract's route
 * table (adminRoutes) or that does not take that entry's schemas: each endpoint is declared once, in the
 * contract, and the server registers it from there (http/zod-schemas.ts `addRoute`).
 */
export function onlyRoutesFromTable(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${ADMIN_API_PREFIX}/`) || route.url === ADMIN_API_FALLBACK) return;
    for (const method of methodsOf(route)) {
      // Fastify adds a HEAD route of its own to every GET.
      if (method === 'HEAD') continue;
      const entry = byRoute.get(`${method} ${route.url}`);
      if (!entry)
        throw new Error(`${method} ${route.url} is not in the contract's route table (adminRoutes)`);
      if (route.schema !== entry.schema)
        throw new Error(`${method} ${route.url} does not take its schemas from the contract's route table`);
    }
  });
}
