import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { actorOf } from '../audit/request-actor.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { type MessageGrants, openRequired } from '../conversations/message-grants.js';
import { threadPageView, threadView } from '../conversations/thread-views.js';
import { sendApiError } from '../http/api-error.js';
import { nextBefore } from '../http/paging.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import { type SessionGuard, signedIn } from '../security/session-guard.js';
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
  app.addHook('onRequest', guard);

  addRoute(app, adminRoutes.messages, async (request) => {
    const { before, after, limit, due } = request.query;
    const filter = filterOf(request.query, signedIn(request).id);
    const rows = await inbox.list(filter, { beforeSeq: before, afterSeq: after, limit, oldestFirst: due });
    const clockOf = await inbox.clocksAt();
    const next = nextBefore(rows, limit);
    return {
      messages: rows.map((row) => summaryView(row, clockOf(row))),
      nextBefore: due ? null : next,
      nextAfter: due ? next : null,
    };
  });

  // An opening, audited: the message, its mails and the newest page of its thread. Reading changes
  // nothing: marking read is a POST of its own, with the CSRF token.
  addRoute(app, adminRoutes.openMessage, async (request, reply) => {
    const { id } = request.params;
    const opened = await inbox.open(id, actorOf(request));
    const thread = opened && (await conversations.page(id, {}, false, true));
    if (!opened || !thread) return noSuchMessage(reply);
    return {
      message: detailView(opened.message, (await inbox.clocksAt())(opened.message)),
      mails: opened.mails.map(mailView),
      thread: threadView(thread),
      openGrant: grants.give('open', signedIn(request).tokenHash, id),
    };
  });

  // What the open message follows (decision 038), under its opening's grant: audited when it gives an
  // item newer than those the inbox shows, not on every poll.
  addRoute(app, adminRoutes.messageUpdates, async (request, reply) => {
    const { id } = request.params;
    const { after, seen = after } = request.query;
    const reading = grants.reading(request.query, signedIn(request).tokenHash, id);
    if (!reading) return openRequired(reply);
    const updates = await conversations.updates(id, after, seen, reading.revealed, actorOf(request));
    if (!updates) return noSuchMessage(reply);
    return {
      status: updates.status,
      firstResponse: (await inbox.clocksAt())(updates.clock),
      assignee: updates.assignee,
      mails: (await inbox.mailsOf(id)).map(mailView),
      thread: threadPageView(updates.page),
    };
  });

  addRoute(app, adminRoutes.markRead, async (request, reply) => {
    if (!(await inbox.markRead(request.params.id))) return noSuchMessage(reply);
    return reply.code(204).send();
  });

  // A restricted message's text and its conversation's, for what restriction still allows (a legal
  // claim): asked for, and audited once; the grant gives them to the open message's later reads.
  addRoute(app, adminRoutes.revealMessage, async (request, reply) => {
    const { id } = request.params;
    const text = await inbox.reveal(id, actorOf(request));
    const thread = text && (await conversations.page(id, {}, true, true));
    if (!text || !thread) return noSuchMessage(reply);
    return {
      ...text,
      thread: threadView(thread),
      revealGrant: grants.give('reveal', signedIn(request).tokenHash, id),
    };
  });

  addRoute(app, adminRoutes.setStatus, async (request, reply) => {
    if (!(await inbox.setStatus(request.params.id, request.body.status, actorOf(request))))
      return noSuchMessage(reply);
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.markSpam, async (request, reply) => {
    if (!(await inbox.markSpam(request.params.id, request.body.spam, actorOf(request))))
      return noSuchMessage(reply);
    return reply.code(204).send();
  });

  // The outbox worker takes them at its next poll, as after the command line's `outbox retry ID`.
  addRoute(app, adminRoutes.retryMails, async (request, reply) => {
    const queued = await inbox.retryMails(request.params.id, actorOf(request));
    if (queued === undefined) return noSuchMessage(reply);
    return { queued };
  });
};
