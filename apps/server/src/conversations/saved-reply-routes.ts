import {
  adminApiPaths,
  apiErrorCodes,
  emptyBody,
  noContent,
  savedReply,
  savedReplyBody,
  savedReplyList,
  seqParams,
} from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendApiError } from '../http/api-error.js';
import type { ZodPlugin } from '../http/zod-schemas.js';
import { actorOf, type SessionGuard } from '../admin-api/require-session.js';
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
  const one = `${adminApiPaths.savedReplies}/:seq`;
  app.addHook('onRequest', guard);

  app.get(adminApiPaths.savedReplies, { schema: { response: { 200: savedReplyList } } }, async () => ({
    savedReplies: (await conversations.savedReplies()).map(savedReplyView),
  }));

  app.post(
    adminApiPaths.savedReplies,
    { schema: { body: savedReplyBody, response: { 201: z.object({ savedReply }) } } },
    async (request, reply) => {
      const { name, text } = request.body;
      const seq = await conversations.addSavedReply(name, text, actorOf(request));
      if (seq === undefined) return nameTaken(reply);
      return reply.code(201).send({ savedReply: { seq, name, text } });
    },
  );

  app.post(
    one,
    { schema: { params: seqParams, body: savedReplyBody, response: { 204: noContent } } },
    async (request, reply) => {
      const { name, text } = request.body;
      const outcome = await conversations.changeSavedReply(request.params.seq, name, text, actorOf(request));
      if (outcome === 'name-taken') return nameTaken(reply);
      if (outcome === 'missing') return unknown(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    `${one}/delete`,
    { schema: { params: seqParams, body: emptyBody, response: { 204: noContent } } },
    async (request, reply) => {
      if (!(await conversations.removeSavedReply(request.params.seq, actorOf(request))))
        return unknown(reply);
      return reply.code(204).send();
    },
  );
};
