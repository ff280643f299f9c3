import {
  adminApiPaths,
  apiErrorCodes,
  emptyBody,
  messageIdParams,
  messageListQuery,
  noContent,
  messagePage,
  openedMessage,
  retriedMails,
  revealedText,
  spamBody,
  statusBody,
} from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import type { ZodPlugin } from '../http/zod-schemas.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { threadView } from '../conversations/thread-views.js';
import { actorOf, type SessionGuard, signedIn } from '../operators/require-session.js';
import type { InboxService } from './inbox-service.js';
import { filterOf, nextBefore } from './message-filter.js';
import { detailView, mailView, summaryView } from './message-views.js';

const noSuchMessage = (reply: FastifyReply) =>
  sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such message.');

/** The inbox of a signed-in operator: pages of messages, one message, its state and its failed mails. */
export const inboxRoutes: ZodPlugin<{
  inbox: InboxService;
  conversations: ConversationService;
  guard: SessionGuard;
}> = async (app, { inbox, conversations, guard }) => {
  const message = `${adminApiPaths.messages}/:id`;
  app.addHook('onRequest', guard);

  app.get(
    adminApiPaths.messages,
    { schema: { querystring: messageListQuery, response: { 200: messagePage } } },
    async (request) => {
      const { before, after, limit } = request.query;
      const filter = filterOf(request.query, signedIn(request).id);
      const rows = await inbox.list(filter, { beforeSeq: before, afterSeq: after, limit });
      return { messages: rows.map(summaryView), nextBefore: nextBefore(rows, limit) };
    },
  );

  // Reading changes nothing: marking read is a POST of its own, with the CSRF token.
  app.get(
    message,
    { schema: { params: messageIdParams, response: { 200: openedMessage } } },
    async (request, reply) => {
      const opened = await inbox.open(request.params.id, actorOf(request));
      if (!opened) return noSuchMessage(reply);
      return {
        message: detailView(opened.message),
        notifications: opened.mails.map(mailView),
        thread: threadView(await conversations.thread(opened.message.id)),
      };
    },
  );

  app.post(
    `${message}/read`,
    { schema: { params: messageIdParams, body: emptyBody, response: { 204: noContent } } },
    async (request, reply) => {
      if (!(await inbox.markRead(request.params.id))) return noSuchMessage(reply);
      return reply.code(204).send();
    },
  );

  // A restricted message's text, for what restriction still allows (a legal claim): asked for, and audited.
  app.post(
    `${message}/reveal`,
    { schema: { params: messageIdParams, body: emptyBody, response: { 200: revealedText } } },
    async (request, reply) => {
      const text = await inbox.reveal(request.params.id, actorOf(request));
      return text ?? noSuchMessage(reply);
    },
  );

  app.post(
    `${message}/status`,
    { schema: { params: messageIdParams, body: statusBody, response: { 204: noContent } } },
    async (request, reply) => {
      if (!(await inbox.setStatus(request.params.id, request.body.status, actorOf(request))))
        return noSuchMessage(reply);
      return reply.code(204).send();
    },
  );

  app.post(
    `${message}/spam`,
    { schema: { params: messageIdParams, body: spamBody, response: { 204: noContent } } },
    async (request, reply) => {
      if (!(await inbox.markSpam(request.params.id, request.body.spam, actorOf(request))))
        return noSuchMessage(reply);
      return reply.code(204).send();
    },
  );

  // The outbox worker takes them at its next poll, as after the command line's `outbox retry ID`.
  app.post(
    `${message}/retry`,
    { schema: { params: messageIdParams, body: emptyBody, response: { 200: retriedMails } } },
    async (request, reply) => {
      const queued = await inbox.retryMails(request.params.id, actorOf(request));
      if (queued === undefined) return noSuchMessage(reply);
      return { queued };
    },
  );
};
