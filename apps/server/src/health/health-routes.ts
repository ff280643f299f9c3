import { health, LIVENESS_PATH, READINESS_PATH } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';

/** How long the readiness probe waits for the database before it calls it unavailable. */
const DATABASE_PROBE_TIMEOUT_MS = 2000;

type Options = {
  /** Resolves once the database answers a query; rejects (or stays pending) while it cannot. */
  probeDatabase: () => Promise<void>;
};

function withTimeout(probe: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    probe.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * For a load balancer or an orchestrator: `/healthz` answers 200 while the process serves requests at
 * all (restart it when it stops); `/readyz` answers 200 only while the database answers, 503 with the
 * reason otherwise (send it no visitors meanwhile). Once the server is shutting down, Fastify itself
 * answers every new request 503.
 */
export const healthRoutes: FastifyPluginAsync<Options> = async (app, { probeDatabase }) => {
  const noStore = { 'cache-control': 'no-store' };

  const schema = { response: { 200: health, 503: health } };
  app.get(LIVENESS_PATH, { schema }, async (_request, reply) =>
    reply.headers(noStore).send({ status: 'alive' }),
  );

  app.get(READINESS_PATH, { schema }, async (request, reply) => {
    reply.headers(noStore);
    try {
      await withTimeout(probeDatabase(), DATABASE_PROBE_TIMEOUT_MS);
      return reply.send({ status: 'ready' });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: the database does not answer');
      return reply.code(503).send({ status: 'not_ready', reason: 'database_unavailable' });
    }
  });
};
