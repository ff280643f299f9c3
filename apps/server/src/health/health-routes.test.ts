import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LIVENESS_PATH, READINESS_PATH } from '@site/api-contract';
import { withZodSchemas } from '../http/zod-schemas.js';
import { buildTestApp } from '../test/test-app.js';
import { healthRoutes } from './health-routes.js';

describe('health endpoints', () => {
  it('the running server is alive and ready: its database answers', async () => {
    const { app } = await buildTestApp();
    const alive = await app.inject(LIVENESS_PATH);
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'alive' });
    expect(alive.headers['cache-control']).toBe('no-store');
    const ready = await app.inject(READINESS_PATH);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('is no longer ready once it is shutting down, so the load balancer sends no one new', async () => {
    const { app } = await buildTestApp();
    // Asked as the shutdown begins, while the server still listens: later it no longer takes connections.
    let probe: Response | undefined;
    app.addHook('preClose', async () => {
      probe = await fetch(url + READINESS_PATH);
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    await app.close();
    expect(probe?.status).toBe(503);
  });

  // A database that fails or hangs is forced here; the real outage is the fault tests' job.
  it.each([
    ['fails', () => Promise.reject(new Error('connection refused'))],
    ['does not answer', () => new Promise<void>(() => {})],
  ])('when the database %s, it is alive but not ready, with the reason', async (_, probeDatabase) => {
    const app = withZodSchemas(Fastify());
    onTestFinished(() => app.close());
    await app.register(healthRoutes, { probeDatabase });
    expect((await app.inject(LIVENESS_PATH)).statusCode).toBe(200);
    const ready = await app.inject(READINESS_PATH);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', reason: 'database_unavailable' });
  });
});
