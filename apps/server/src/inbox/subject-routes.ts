import { createHmac } from 'node:crypto';
import { adminApiPaths, apiErrorCodes, isValidEmail } from '@site/api-contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import type { AdminContext } from '../admin-api/admin-context.js';
import { normalEmail } from '../operators/operator-repository.js';
import { bodies } from '../admin-api/request-schemas.js';
import { answers } from '../admin-api/response-schemas.js';
import { requireSession, signedIn } from '../operators/require-session.js';

type EmailBody = { email: string };

/**
 * How the audit log names the person a request was about: never the address, which would outlive its
 * erasure there, but the first 16 hex digits of an HMAC of its normal form keyed with APP_SECRET. With
 * the server's secret the entry can be matched to an address; without it, guessing addresses and hashing
 * them does not find whom an entry is about.
 */
export const subjectReference = (email: string, secret: string) =>
  `ref:${createHmac('sha256', secret).update(normalEmail(email)).digest('hex').slice(0, 16)}`;

/** The GDPR requests of a person, made by an operator in the inbox: the command line's, via the API. */
export const subjectRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  const { subjects, audit } = context;
  const schema = (response?: object) => ({ body: bodies.email, ...(response ? { response } : {}) });
  /** The audit entry of a request about the address, with what it found or changed. */
  const audited = (request: FastifyRequest<{ Body: EmailBody }>, action: string, outcome?: string) => {
    const reference = subjectReference(request.body.email, context.cookies.secret);
    return audit.record({
      operatorId: signedIn(request).id,
      via: 'inbox',
      action,
      target: outcome ? `${reference}: ${outcome}` : reference,
    });
  };
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));
  // After the schema: every route here takes `{ email }` (spaces around it allowed), and a string that is no address is a 400.
  app.addHook<{ Body: EmailBody }>('preHandler', async (request, reply) => {
    if (!isValidEmail(request.body.email.trim()))
      return sendApiError(reply, 400, apiErrorCodes.badRequest, 'This is not an e-mail address.');
  });

  app.post<{ Body: EmailBody }>(adminApiPaths.subjectAccess, { schema: schema() }, async (request, reply) => {
    const report = await subjects.access(request.body.email);
    await audited(request, 'subject-access', `${report.messages.length} message(s)`);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="subject-access-${day}.json"`)
      .send(JSON.stringify(report, null, 2));
  });

  app.post<{ Body: EmailBody }>(
    adminApiPaths.eraseSubject,
    { schema: schema(answers.erased) },
    async (request, reply) => {
      const { messages, notificationFiles, logCleared } = await subjects.erase(request.body.email);
      await audited(request, 'erase', `${messages} message(s), ${notificationFiles} notification file(s)`);
      // As the command line's erase: the rows are gone, but their old pages may not be yet.
      if (!logCleared)
        return sendApiError(
          reply,
          503,
          apiErrorCodes.eraseIncomplete,
          'The data is deleted, but another process kept the write-ahead log busy, so it may still hold it. Please erase the address again.',
          { messages, notificationFiles },
        );
      return { messages, notificationFiles };
    },
  );

  app.post<{ Body: EmailBody }>(
    adminApiPaths.restrictSubject,
    { schema: schema(answers.restricted) },
    async (request) => {
      const messages = await subjects.restrict(request.body.email);
      await audited(request, 'restrict', `${messages} message(s)`);
      return { messages };
    },
  );

  app.post<{ Body: EmailBody }>(
    adminApiPaths.optOutSubject,
    { schema: schema(answers.optedOut) },
    async (request) => {
      await subjects.optOut(request.body.email);
      await audited(request, 'opt-out');
      return { optedOut: true };
    },
  );
};
