import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { actorOf } from '../audit/request-actor.js';
import { sendApiError } from '../http/api-error.js';
import { contentDisposition } from '../http/content-disposition.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import { type SessionGuard, signedIn } from '../security/session-guard.js';
import type { ConversationService } from './conversation-service.js';
import { type MessageGrants, openRequired } from './message-grants.js';
import { noteView, presenceView, replyView, threadPageView } from './thread-views.js';

const noSuchMessage = (reply: FastifyReply) =>
  sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such message.');

/** A message's conversation, for a signed-in operator: replies, notes, assignment and presence. */
export const conversationRoutes: ZodPlugin<{
  conversations: ConversationService;
  grants: MessageGrants;
  guard: SessionGuard;
}> = async (app, { conversations, grants, guard }) => {
  app.addHook('onRequest', guard);

  /** The reply `seq` of the message as the thread shows it. */
  const replyOf = async (messageId: string, seq: number) => (await conversations.reply(messageId, seq))!;

  addRoute(app, adminRoutes.sendReply, async (request, reply) => {
    const { id } = request.params;
    const outcome = await conversations.sendReply(id, request.body, actorOf(request));
    switch (outcome.kind) {
      case 'missing':
        return noSuchMessage(reply);
      case 'restricted':
        return sendApiError(
          reply,
          409,
          apiErrorCodes.processingRestricted,
          'This person restricted the processing of their data: the message can only be kept, not answered.',
        );
      case 'not-mailable':
        return sendApiError(
          reply,
          409,
          apiErrorCodes.addressNotMailable,
          `Replies are not mailed to ${outcome.address}: the contact form would refuse this address, and mail to an address literal or an internal name could be delivered inside the company's own network.`,
        );
      case 'changed': {
        const newer = replyView(await replyOf(id, outcome.seq));
        const who = newer.by.name ?? newer.by.email;
        return reply.code(409).send({
          error: apiErrorCodes.conversationChanged,
          message: `${who} answered this message after you opened it. Your reply was not sent: read theirs first.`,
          reply: newer,
        });
      }
      case 'queued':
        return reply.code(201).send({ reply: replyView(outcome.reply) });
    }
  });

  addRoute(app, adminRoutes.retryReply, async (request, reply) => {
    const { id, seq } = request.params;
    if (!(await conversations.retryReply(id, seq, actorOf(request))))
      return sendApiError(reply, 404, apiErrorCodes.unknownItem, 'This message has no such failed reply.');
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.addNote, async (request, reply) => {
    const { id } = request.params;
    const seq = await conversations.addNote(id, request.body.text, actorOf(request));
    if (seq === undefined) return noSuchMessage(reply);
    return reply.code(201).send({ note: noteView((await conversations.note(id, seq))!) });
  });

  addRoute(app, adminRoutes.assign, async (request, reply) => {
    const outcome = await conversations.assign(request.params.id, request.body.operator, actorOf(request));
    if (outcome === 'missing') return noSuchMessage(reply);
    if (outcome === 'unknown-operator')
      return sendApiError(
        reply,
        404,
        apiErrorCodes.unknownOperator,
        'There is no operator with this address.',
      );
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.presence, async (request, reply) => {
    const others = await conversations.present(request.params.id, request.body.activity, actorOf(request));
    return others ? presenceView(others) : noSuchMessage(reply);
  });

  // Read every few seconds by an open message; it holds nothing personal, so it is not audited.
  addRoute(app, adminRoutes.threadVersion, async (request, reply) => {
    const version = await conversations.version(request.params.id);
    return version === undefined ? noSuchMessage(reply) : { threadVersion: version };
  });

  addRoute(app, adminRoutes.senderHistory, async (request, reply) => {
    const history = await conversations.senderHistory(request.params.id, actorOf(request));
    if (history === 'restricted')
      return sendApiError(
        reply,
        409,
        apiErrorCodes.processingRestricted,
        'This person restricted the processing of their data: their history is not shown.',
      );
    return history ?? noSuchMessage(reply);
  });

  // "Show earlier": part of the message's opening (decision 038), so no entry of its own.
  addRoute(app, adminRoutes.earlierThread, async (request, reply) => {
    const { id } = request.params;
    const reading = grants.reading(request.query, signedIn(request).tokenHash, id);
    if (!reading) return openRequired(reply);
    const earlier = await conversations.page(id, { before: request.query.before }, reading.revealed);
    return earlier ? threadPageView(earlier.page) : noSuchMessage(reply);
  });

  // Only ever a download of opaque bytes: a hostile file can not run as a page of the inbox's origin.
  addRoute(app, adminRoutes.attachment, async (request, reply) => {
    const session = signedIn(request).tokenHash;
    const file = await conversations.attachment(request.params.seq, actorOf(request), (messageId) =>
      grants.holds(request.query.reveal, 'reveal', session, messageId),
    );
    if (!file) return sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such attachment.');
    if (file === 'restricted')
      return sendApiError(
        reply,
        403,
        apiErrorCodes.revealRequired,
        'This person restricted the processing of their data: show the conversation’s text (audited) first, then download it.',
      );
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', contentDisposition(file.file_name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
};
