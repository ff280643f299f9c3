import { adminApiPaths, apiErrorCodes } from '@site/api-contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import type { AdminContext } from '../admin-api/admin-context.js';
import type { PasskeySummary } from './passkey-repository.js';
import { bodies } from '../admin-api/request-schemas.js';
import { answers } from '../admin-api/response-schemas.js';
import { requireSession, signedIn } from './require-session.js';
import { clearedSessionCookie } from './session-cookie.js';

const passkeyView = (row: PasskeySummary, current: string | null) => ({
  id: row.credential_id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  flaggedAt: row.flagged_at,
  current: row.credential_id === current,
});

type PasskeyBody = { id: string };

/** The signed-in operator's own passkeys: list, rename, remove (a lost or stolen one). */
export const accountRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  const { access } = context;
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));
  const unknown = (reply: FastifyReply) =>
    sendApiError(reply, 404, apiErrorCodes.unknownPasskey, 'You have no passkey with this id.');

  app.get(adminApiPaths.passkeys, { schema: { response: answers.passkeys } }, async (request) => {
    const { id, credentialId } = signedIn(request);
    return { passkeys: (await access.passkeysOf(id)).map((row) => passkeyView(row, credentialId)) };
  });

  app.post<{ Body: PasskeyBody & { name: string } }>(
    adminApiPaths.renamePasskey,
    { schema: { body: bodies.passkeyName } },
    async (request, reply) => {
      const { id } = signedIn(request);
      const name = request.body.name.trim();
      if (!name) return sendApiError(reply, 400, apiErrorCodes.badRequest, 'A passkey needs a name.');
      if (!(await access.renamePasskey(id, request.body.id, name, { operatorId: id, via: 'inbox' })))
        return unknown(reply);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: PasskeyBody }>(
    adminApiPaths.removePasskey,
    { schema: { body: bodies.passkey, response: answers.passkeyRemoved } },
    async (request, reply) => {
      const { id, credentialId } = signedIn(request);
      if (!(await access.removePasskey(id, request.body.id, { operatorId: id, via: 'inbox' })))
        return unknown(reply);
      const signedOut = request.body.id === credentialId;
      if (signedOut) reply.header('set-cookie', clearedSessionCookie(context.cookies));
      return { signedOut };
    },
  );
};
