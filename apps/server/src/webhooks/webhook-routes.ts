import {
  adminApiPaths,
  apiErrorCodes,
  emptyBody,
  noContent,
  webhookDeliveryList,
  webhookDeliveryQuery,
  webhookEndpointBody,
  webhookEndpointList,
  webhookEndpointParams,
  webhookEndpointWithSecret,
  webhookResendBody,
  webhookResent,
} from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import { nextBefore } from '../http/paging.js';
import type { ZodPlugin } from '../http/zod-schemas.js';
import { actorOf, type SessionGuard } from '../admin-api/require-session.js';
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
  const one = `${adminApiPaths.webhooks}/:id`;
  app.addHook('onRequest', guard);

  app.get(adminApiPaths.webhooks, { schema: { response: { 200: webhookEndpointList } } }, async () => ({
    endpoints: await webhooks.list(),
  }));

  app.post(
    adminApiPaths.webhooks,
    { schema: { body: webhookEndpointBody, response: { 201: webhookEndpointWithSecret } } },
    async (request, reply) => {
      const outcome = await webhooks.add(request.body, actorOf(request));
      if (outcome.kind !== 'added') return notChanged(reply, outcome);
      return reply.code(201).send({ endpoint: outcome.endpoint, secret: outcome.secret });
    },
  );

  app.post(
    one,
    { schema: { params: webhookEndpointParams, body: webhookEndpointBody, response: { 204: noContent } } },
    async (request, reply) => {
      const outcome = await webhooks.change(request.params.id, request.body, actorOf(request));
      if (outcome.kind !== 'done') return notChanged(reply, outcome);
      return reply.code(204).send();
    },
  );

  app.post(
    `${one}/delete`,
    { schema: { params: webhookEndpointParams, body: emptyBody, response: { 204: noContent } } },
    async (request, reply) => {
      const outcome = await webhooks.remove(request.params.id, actorOf(request));
      if (outcome.kind !== 'done') return notChanged(reply, outcome);
      return reply.code(204).send();
    },
  );

  app.post(
    `${one}/rotate`,
    {
      schema: {
        params: webhookEndpointParams,
        body: emptyBody,
        response: { 200: webhookEndpointWithSecret },
      },
    },
    async (request, reply) => {
      const outcome = await webhooks.rotate(request.params.id, actorOf(request));
      if (outcome.kind !== 'rotated') return notChanged(reply, outcome);
      return { endpoint: outcome.endpoint, secret: outcome.secret };
    },
  );

  app.get(
    adminApiPaths.webhookDeliveries,
    { schema: { querystring: webhookDeliveryQuery, response: { 200: webhookDeliveryList } } },
    async (request) => {
      const { endpoint, message, status, before, limit } = request.query;
      const deliveries = await webhooks.deliveries({
        endpointId: endpoint,
        messageId: message,
        status,
        before,
        limit,
      });
      return { deliveries, nextBefore: nextBefore(deliveries, limit) };
    },
  );

  app.post(
    `${adminApiPaths.webhookDeliveries}/resend`,
    { schema: { body: webhookResendBody, response: { 200: webhookResent } } },
    async (request) => ({ queued: await webhooks.resend(request.body.seqs, actorOf(request)) }),
  );
};
