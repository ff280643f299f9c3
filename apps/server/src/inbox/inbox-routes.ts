import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { messageQueries } from '../contact/message-queries.js';
import { messageStatus } from '../contact/message-status.js';
import type { MessageStatus } from '../db/types.js';
import { sendApiError } from '../http/api-error.js';
import { outboxRepository } from '../notifications/outbox-repository.js';
import type { AdminContext } from '../admin-api/admin-context.js';
import { type FilterQuery, filterOf, inboxSchemas, nextBefore } from './inbox-schemas.js';
import { requireSession, signedIn } from '../operators/require-session.js';

type ListQuery = FilterQuery & { before?: number; after?: number; limit: number };
type IdParams = { id: string };

const noSuchMessage = (reply: FastifyReply) =>
  sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such message.');

/** The inbox of a signed-in operator: pages of messages, one message, its state and its failed mails. */
export const inboxRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  const { db, audit } = context;
  const queries = messageQueries(db);
  const status = messageStatus(db);
  const outbox = outboxRepository(db);
  const message = `${adminApiPaths.messages}/:id`;
  /** The audit entry of what the signed-in operator did to a message. */
  const audited = (request: FastifyRequest, action: string, id: string) =>
    audit.record({ operatorId: signedIn(request).id, via: 'inbox', action, target: id });
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));

  app.get<{ Querystring: ListQuery }>(
    adminApiPaths.messages,
    { schema: inboxSchemas.list },
    async (request) => {
      const { before, after, limit } = request.query;
      const rows = await queries.list(filterOf(request.query), { beforeSeq: before, afterSeq: after, limit });
      return {
        messages: rows.map(
          ({ id, seq, received_at, name, email, subject, site_key, status: at, restricted }) => ({
            id,
            seq,
            receivedAt: received_at,
            name,
            email,
            // A restricted message is only kept: its text stays out of the list.
            subject: restricted ? null : subject,
            siteKey: site_key,
            status: at,
            restricted: restricted === 1,
          }),
        ),
        nextBefore: nextBefore(rows, limit),
      };
    },
  );

  // Reading changes nothing: marking read is a POST of its own, with the CSRF token.
  app.get<{ Params: IdParams }>(message, { schema: inboxSchemas.message }, async (request, reply) => {
    const { id } = request.params;
    const row = await queries.byId(id);
    if (!row) return noSuchMessage(reply);
    await audited(request, 'open-message', id);
    return {
      message: row.restricted ? { ...row, subject: null, message: null } : row,
      notifications: await outbox.ofMessage(id),
    };
  });

  app.post<{ Params: IdParams }>(`${message}/read`, { schema: inboxSchemas.read }, async (request, reply) => {
    const { id } = request.params;
    if (!(await status.opened(id))) return noSuchMessage(reply);
    return reply.code(204).send();
  });

  // A restricted message's text, for what restriction still allows (a legal claim): asked for, and audited.
  app.post<{ Params: IdParams }>(
    `${message}/reveal`,
    { schema: inboxSchemas.read },
    async (request, reply) => {
      const { id } = request.params;
      const row = await queries.byId(id);
      if (!row) return noSuchMessage(reply);
      await audited(request, 'reveal-restricted-message', id);
      return { subject: row.subject, message: row.message };
    },
  );

  app.post<{ Params: IdParams; Body: { status: MessageStatus } }>(
    `${message}/status`,
    { schema: inboxSchemas.status },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await status.set(id, request.body.status))) return noSuchMessage(reply);
      await audited(request, `mark-${request.body.status}`, id);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: IdParams; Body: { spam: boolean } }>(
    `${message}/spam`,
    { schema: inboxSchemas.spam },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await status.markSpam(id, request.body.spam))) return noSuchMessage(reply);
      await audited(request, request.body.spam ? 'mark-spam' : 'mark-not-spam', id);
      return reply.code(204).send();
    },
  );

  // The outbox worker takes them at its next poll, as after the command line's `outbox retry ID`.
  app.post<{ Params: IdParams }>(
    `${message}/retry`,
    { schema: inboxSchemas.retry },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await queries.byId(id))) return noSuchMessage(reply);
      const queued = await outbox.retryFailed(id);
      await audited(request, 'retry-notifications', id);
      return { queued };
    },
  );
};
