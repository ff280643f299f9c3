import { adminApiPaths, apiErrorCodes } from '@site/contact';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { messageQueries } from '../contact/message-queries.js';
import { messageStatus } from '../contact/message-status.js';
import type { MessageStatus } from '../db/types.js';
import { sendApiError } from '../http/api-error.js';
import { outboxRepository } from '../notifications/outbox-repository.js';
import type { AdminContext } from './admin-context.js';
import { inboxSchemas } from './inbox-schemas.js';
import { requireSession, signedIn } from './require-session.js';

type ListQuery = {
  status?: MessageStatus;
  spam: boolean;
  site?: string;
  since?: string;
  until?: string;
  search?: string;
  before?: number;
  limit: number;
};
type IdParams = { id: string };

const noSuchMessage = (reply: FastifyReply) =>
  sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such message.');

/** The inbox of a signed-in operator: pages of messages, one message, and its state. */
export const inboxRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  const { db, audit } = context;
  const queries = messageQueries(db);
  const status = messageStatus(db);
  const outbox = outboxRepository(db);
  const message = `${adminApiPaths.messages}/:id`;
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));

  app.get<{ Querystring: ListQuery }>(
    adminApiPaths.messages,
    { schema: inboxSchemas.list },
    async (request) => {
      const { status: state, spam, site, since, until, search, before, limit } = request.query;
      const rows = await queries.list(
        { spam, status: state, siteKey: site, since, until, search },
        { beforeSeq: before, limit },
      );
      return {
        messages: rows.map(({ id, seq, received_at, name, email, subject, site_key, status: at }) => ({
          id,
          seq,
          receivedAt: received_at,
          name,
          email,
          subject,
          siteKey: site_key,
          status: at,
        })),
        // A full page may have more after it; a shorter one is the last.
        nextBefore: rows.length === limit ? rows.at(-1)!.seq : null,
      };
    },
  );

  app.get<{ Params: IdParams }>(message, { schema: inboxSchemas.message }, async (request, reply) => {
    const { id } = request.params;
    if (!(await status.opened(id))) return noSuchMessage(reply);
    await audit.record({
      operatorId: signedIn(request).id,
      via: 'inbox',
      action: 'open-message',
      target: id,
    });
    return { message: await queries.byId(id), notifications: await outbox.ofMessage(id) };
  });

  app.post<{ Params: IdParams; Body: { status: MessageStatus } }>(
    `${message}/status`,
    { schema: inboxSchemas.status },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await status.set(id, request.body.status))) return noSuchMessage(reply);
      await audit.record({
        operatorId: signedIn(request).id,
        via: 'inbox',
        action: `mark-${request.body.status}`,
        target: id,
      });
      return reply.code(204).send();
    },
  );

  app.post<{ Params: IdParams; Body: { spam: boolean } }>(
    `${message}/spam`,
    { schema: inboxSchemas.spam },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await status.markSpam(id, request.body.spam))) return noSuchMessage(reply);
      await audit.record({
        operatorId: signedIn(request).id,
        via: 'inbox',
        action: request.body.spam ? 'mark-spam' : 'mark-not-spam',
        target: id,
      });
      return reply.code(204).send();
    },
  );
};
