import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { actorOf } from '../audit/request-actor.js';
import { sendApiError } from '../http/api-error.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import type { SessionGuard } from '../security/session-guard.js';
import type { ConversationService } from './conversation-service.js';
import { savedReplyView } from './thread-views.js';

const nameTaken = (reply: FastifyReply) =>
  sendApiError(reply, 409, apiErrorCodes.nameTaken, 'A saved reply of this name exists already.');
const unknown = (reply: FastifyReply) =>
  sendApiError(reply, 404, apiErrorCodes.unknownItem, 'There is no such saved reply.');

/** The named texts operators insert into replies: list, add, change, delete. */
export const savedReplyRoutes: ZodPlugin<{
  conversations: ConversationService;
  guard: SessionGuard;
}> = async (app, { conversations, guard }) => {
  app.addHook('onRequest', guard);

  addRoute(app, adminRoutes.savedReplies, async () => ({
    savedReplies: (await conversations.savedReplies()).map(savedReplyView),
  }));

  addRoute(app, adminRoutes.addSavedReply, async (request, reply) => {
    const { name, text } = request.body;
    const seq = await conversations.addSavedReply(name, text, actorOf(request));
    if (seq === undefined) return nameTaken(reply);
    return reply.code(201).send({ savedReply: { seq, name, text } });
  });

  addRoute(app, adminRoutes.changeSavedReply, async (request, reply) => {
    const { name, text } = request.body;
    const outcome = await conversations.changeSavedReply(request.params.seq, name, text, actorOf(request));
    if (outcome === 'name-taken') return nameTaken(reply);
    if (outcome === 'missing') return unknown(reply);
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.removeSavedReply, async (request, reply) => {
    if (!(await conversations.removeSavedReply(request.params.seq, actorOf(request)))) return unknown(reply);
    return reply.code(204).send();
  });
};
