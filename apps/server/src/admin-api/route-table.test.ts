import {
  ADMIN_API_PREFIX,
  type AdminRouteSchema,
  adminRoutes,
  emptyBody,
  noContent,
} from '@site/api-contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInOperator } from '../test/admin-client.js';
import { buildTestApp } from '../test/test-app.js';
import { addRoute, withZodSchemas } from '../http/zod-schemas.js';
import { onlyRoutesFromTable } from './route-table-guard.js';

const routes = Object.entries(adminRoutes);

describe("the contract's route table", () => {
  it('is what the server registers: every entry, by its method and path', async () => {
    const { app } = await buildTestApp();
    const missing = routes.filter(([, { method, path }]) => !app.hasRoute({ method, url: path }));
    expect(missing.map(([name]) => name)).toEqual([]);
    expect(routes.length).toBeGreaterThan(45);
  });

  it('names each parameter of a path in its params schema, and only those', () => {
    for (const [name, route] of routes) {
      const inPath = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
      const params = 'params' in route.schema ? Object.keys(route.schema.params.shape).sort() : [];
      expect(params, name).toEqual(inPath);
    }
  });

  it('answers every GET without parameters with its answer schema', async () => {
    const { app, storage } = await buildTestApp();
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    const gets = routes.filter(([, route]) => route.method === 'GET' && !route.path.includes(':'));
    const downloads = new Set(['exportMessages', 'exportReport']);
    for (const [name, route] of gets) {
      const response = await anna.get(name === 'exportMessages' ? `${route.path}?format=json` : route.path);
      expect(response.statusCode, name).toBe(200);
      const answer = (route.schema as AdminRouteSchema).response[200]!;
      expect(() => answer.parse(downloads.has(name) ? response.body : response.json()), name).not.toThrow();
    }
  });

  it('refuses, at start, a route under /admin/api written beside it or with schemas of its own', async () => {
    const handWritten = withZodSchemas(Fastify());
    onlyRoutesFromTable(handWritten);
    expect(() => handWritten.post(`${ADMIN_API_PREFIX}/messages/:id/archive`, async () => ({}))).toThrow(
      /not in the contract's route table/,
    );

    const ownSchemas = withZodSchemas(Fastify());
    onlyRoutesFromTable(ownSchemas);
    const ownSchema = { body: emptyBody, response: { 204: noContent } };
    expect(() => ownSchemas.post(adminRoutes.signOut.path, { schema: ownSchema }, async () => {})).toThrow(
      /does not take its schemas/,
    );

    const fromTable = withZodSchemas(Fastify());
    onlyRoutesFromTable(fromTable);
    addRoute(fromTable, adminRoutes.signOut, async (_request, reply) => reply.code(204).send());
    await fromTable.ready();
    expect(fromTable.hasRoute({ method: 'POST', url: adminRoutes.signOut.path })).toBe(true);
  });
});
