import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Once the server is closing, every answer carries `Connection: close`. Fastify does that only for
 * requests that arrive after the close began; a keep-alive connection whose request was already in
 * flight would otherwise idle until its keep-alive timeout and hold up the shutdown.
 */
const closeOnShutdownPlugin: FastifyPluginAsync = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
};

export const closeOnShutdown = fp(closeOnShutdownPlugin, { name: 'close-on-shutdown' });
