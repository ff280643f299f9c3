import {
  adminApiPaths,
  apiErrorCodes,
  download,
  subjectBody,
  subjectErased,
  subjectOptedOut,
  subjectRestricted,
} from '@site/api-contract';
import { sendApiError } from '../http/api-error.js';
import type { ZodPlugin } from '../http/zod-schemas.js';
import { actorOf, type SessionGuard } from '../admin-api/require-session.js';
import type { PrivacyService } from '../privacy/privacy-service.js';

/** The GDPR requests of a person, made by an operator in the inbox (the command line makes the same). */
export const subjectRoutes: ZodPlugin<{ privacy: PrivacyService; guard: SessionGuard }> = async (
  app,
  { privacy, guard },
) => {
  app.addHook('onRequest', guard);

  app.post(
    adminApiPaths.subjectAccess,
    { schema: { body: subjectBody, response: { 200: download } } },
    async (request, reply) => {
      const report = await privacy.access(request.body.email, actorOf(request));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="subject-access-${day}.json"`)
        .send(JSON.stringify(report, null, 2));
    },
  );

  app.post(
    adminApiPaths.eraseSubject,
    { schema: { body: subjectBody, response: { 200: subjectErased } } },
    async (request, reply) => {
      const { messages, answers, notificationFiles, logCleared } = await privacy.erase(
        request.body.email,
        actorOf(request),
      );
      // As the command line's erase: the rows are gone, but their old pages may not be yet.
      if (!logCleared)
        return sendApiError(
          reply,
          503,
          apiErrorCodes.eraseIncomplete,
          'The data is deleted, but another process kept the write-ahead log busy, so it may still hold it. Please erase the address again.',
          { messages, answers, notificationFiles },
        );
      return { messages, answers, notificationFiles };
    },
  );

  app.post(
    adminApiPaths.restrictSubject,
    { schema: { body: subjectBody, response: { 200: subjectRestricted } } },
    async (request) => ({ messages: await privacy.restrict(request.body.email, actorOf(request)) }),
  );

  app.post(
    adminApiPaths.optOutSubject,
    { schema: { body: subjectBody, response: { 200: subjectOptedOut } } },
    async (request) => {
      await privacy.optOut(request.body.email, actorOf(request));
      return { optedOut: true as const };
    },
  );
};
