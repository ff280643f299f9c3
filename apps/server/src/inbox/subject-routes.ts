import { adminRoutes, apiErrorCodes } from '@site/api-contract';
import { actorOf } from '../audit/request-actor.js';
import { sendApiError } from '../http/api-error.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import type { PrivacyService } from '../privacy/privacy-service.js';
import type { SessionGuard } from '../security/session-guard.js';

/** The GDPR requests of a person, made by an operator in the inbox (the command line makes the same). */
export const subjectRoutes: ZodPlugin<{ privacy: PrivacyService; guard: SessionGuard }> = async (
  app,
  { privacy, guard },
) => {
  app.addHook('onRequest', guard);

  addRoute(app, adminRoutes.subjectAccess, async (request, reply) => {
    const report = await privacy.access(request.body.email, actorOf(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="subject-access-${day}.json"`)
      .send(JSON.stringify(report, null, 2));
  });

  addRoute(app, adminRoutes.eraseSubject, async (request, reply) => {
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
  });

  addRoute(app, adminRoutes.restrictSubject, async (request) => ({
    messages: await privacy.restrict(request.body.email, actorOf(request)),
  }));

  addRoute(app, adminRoutes.optOutSubject, async (request) => {
    await privacy.optOut(request.body.email, actorOf(request));
    return { optedOut: true as const };
  });
};
