import {
  adminApiPaths,
  apiErrorCodes,
  emptyBody,
  messageIdParams,
  messageListQuery,
  messageUpdates,
  noContent,
  messagePage,
  openedMessage,
  retriedMails,
  revealedText,
  spamBody,
  statusBody,
  threadUpdatesQuery,
} from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import { nextBefore } from '../http/paging.js';
import type { ZodPlugin } from '../http/zod-schemas.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { type MessageGrants, openRequired } from '../conversations/message-grants.js';
import { threadPageView, threadView } from '../conversations/thread-views.js';
import { actorOf, type SessionGuard, signedIn } from '../admin-api/require-session.js';
import type { InboxService } from './inbox-service.js';
import { filterOf } from './message-filter.js';
import { detailView, mailView, summaryView } from './message-views.js';

const noSuchMessage = (reply: FastifyReply) =>
  sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such message.');

/** The inbox of a signed-in operator: pages of messages, one message, its state and its failed mails. */
export const inboxRoutes: ZodPlugin<{
  inbox: InboxService;
  conversations: ConversationService;
  grants: MessageGrants;
  guard: SessionGuard;
}> = async (app, { inbox, conversations, grants, guard }) => {
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

  // An opening, audited: the message, its mails and the newest page of its thread. Reading changes
  // nothing: marking read is a POST of its own, with the CSRF token.
  app.get(
    message,
    { schema: { params: messageIdParams, response: { 200: openedMessage } } },
    async (request, reply) => {
      const { id } = request.params;
      const opened = await inbox.open(id, actorOf(request));
      const thread = opened && (await conversations.page(id, {}, false, true));
      if (!opened || !thread) return noSuchMessage(reply);
      return {
        message: detailView(opened.message),
        notifications: opened.mails.map(mailView),
        thread: threadView(thread),
        openGrant: grants.give('open', signedIn(request).tokenHash, id),
      };
    },
  );

  // What the open message follows (decision 038): part of its opening, so no entry of its own.
  app.get(
    `${message}/updates`,
    {
      schema: { params: messageIdParams, querystring: threadUpdatesQuery, response: { 200: messageUpdates } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const reading = grants.reading(request.query, signedIn(request).tokenHash, id);
      if (!reading) return openRequired(reply);
      const updates = await conversations.page(id, { after: request.query.after }, reading.revealed);
      if (!updates) return noSuchMessage(reply);
      return {
        status: updates.status,
        assignee: updates.assignee,
        notifications: (await inbox.mailsOf(id)).map(mailView),
        thread: threadPageView(updates.page),
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

  // A restricted message's text and its conversation's, for what restriction still allows (a legal
  // claim): asked for, and audited once; the grant gives them to the open message's later reads.
  app.post(
    `${message}/reveal`,
    { schema: { params: messageIdParams, body: emptyBody, response: { 200: revealedText } } },
    async (request, reply) => {
      const { id } = request.params;
      const text = await inbox.reveal(id, actorOf(request));
      const thread = text && (await conversations.page(id, {}, true, true));
      if (!text || !thread) return noSuchMessage(reply);
      return {
        ...text,
        thread: threadView(thread),
        revealGrant: grants.give('reveal', signedIn(request).tokenHash, id),
      };
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
