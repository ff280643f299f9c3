import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { inboxOperator } from '../audit/audit-log.js';
import { sendApiError } from '../http/api-error.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import { signedIn } from '../security/session-guard.js';
import type { OperatorServices } from './operator-services.js';
import type { PasskeySummary } from './passkey-repository.js';
import { clearedSessionCookie } from './session-cookie.js';

const passkeyView = (row: PasskeySummary, current: string | null) => ({
  id: row.credential_id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  flaggedAt: row.flagged_at,
  current: row.credential_id === current,
});

const unknown = (reply: FastifyReply) =>
  sendApiError(reply, 404, apiErrorCodes.unknownPasskey, 'You have no passkey with this id.');

/** The signed-in operator's own name and passkeys: list, rename, remove (a lost or stolen one). */
export const accountRoutes: ZodPlugin<Pick<OperatorServices, 'access' | 'cookies' | 'guard'>> = async (
  app,
  { access, cookies, guard },
) => {
  app.addHook('onRequest', guard);

  addRoute(app, adminRoutes.passkeys, async (request) => {
    const { id, credentialId } = signedIn(request);
    return { passkeys: (await access.passkeysOf(id)).map((row) => passkeyView(row, credentialId)) };
  });

  addRoute(app, adminRoutes.setOperatorName, async (request, reply) => {
    const { id } = signedIn(request);
    await access.setName(id, request.body.name, inboxOperator(id));
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.renamePasskey, async (request, reply) => {
    const { id } = signedIn(request);
    const name = request.body.name.trim();
    if (!name) return sendApiError(reply, 400, apiErrorCodes.badRequest, 'A passkey needs a name.');
    if (!(await access.renamePasskey(id, request.body.id, name, inboxOperator(id)))) return unknown(reply);
    return reply.code(204).send();
  });

  addRoute(app, adminRoutes.removePasskey, async (request, reply) => {
    const { id, credentialId } = signedIn(request);
    if (!(await access.removePasskey(id, request.body.id, inboxOperator(id)))) return unknown(reply);
    const signedOut = request.body.id === credentialId;
    if (signedOut) reply.header('set-cookie', clearedSessionCookie(cookies));
    return { signedOut };
  });
};
