import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { actorOf } from '../audit/request-actor.js';
import { sendApiError } from '../http/api-error.js';
import { nextBefore } from '../http/paging.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import type { SessionGuard } from '../security/session-guard.js';
import type { WebhookService } from './webhook-service.js';

/** Answers a change that was not made: a refused URL, an unknown endpoint, or the settings' endpoint. */
function notChanged(reply: FastifyReply, outcome: { kind: string; problem?: string }) {
  if (outcome.kind === 'refused')
    return sendApiError(reply, 400, apiErrorCodes.webhookUrlRefused, outcome.problem ?? '');
  if (outcome.kind === 'from-settings')
    return sendApiError(
      reply,
      409,
      apiErrorCodes.endpointFromSettings,
      'This endpoint comes from the settings (WEBHOOK_URL, WEBHOOK_SECRET): change it there.',
    );
  return sendApiError(reply, 404, apiErrorCodes.unknownItem, 'There is no such webhook endpoint.');
}

/** The webhook endpoints and their delivery log, for signed-in operators. */
export const webhookRoutes: ZodPlugin<{ webhooks: WebhookService; guard: SessionGuard }> = async (
  app,
  { webhooks, guard },
) => {
  app.addHook('onRequest', guard);

  addRoute(app, adminRoutes.webhooks, async () => ({
    endpoints: await webhooks.list(),
  }));

  addRoute(app, adminRoutes.addWebhook, async (request, reply) => {
    const outcome = await webhooks.add(request.body, actorOf(request));
    if (outcome.kind !== 'added') return notChanged(reply, outcome);
    return reply.code(201).send({ endpoint: outcome.endpoint, secret: outcome.secret });
  });

  addRoute(app, adminRoutes.changeWebhook, async (request, reply) => {
    const outcome = await webhooks.change(request.params.id, request.body, actorOf(request));
    if (outcome.kind !== 'done') return notChanged(reply, outcome);
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.removeWebhook, async (request, reply) => {
    const outcome = await webhooks.remove(request.params.id, actorOf(request));
    if (outcome.kind !== 'done') return notChanged(reply, outcome);
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.rotateWebhookSecret, async (request, reply) => {
    const outcome = await webhooks.rotate(request.params.id, actorOf(request));
    if (outcome.kind !== 'rotated') return notChanged(reply, outcome);
    return { endpoint: outcome.endpoint, secret: outcome.secret };
  });

  addRoute(app, adminRoutes.webhookDeliveries, async (request) => {
    const { endpoint, message, status, before, limit } = request.query;
    const deliveries = await webhooks.deliveries({
      endpointId: endpoint,
      messageId: message,
      status,
      before,
      limit,
    });
    return { deliveries, nextBefore: nextBefore(deliveries, limit) };
  });

  addRoute(app, adminRoutes.resendWebhookDeliveries, async (request) => ({
    queued: await webhooks.resend(request.body.seqs, actorOf(request)),
  }));
};
