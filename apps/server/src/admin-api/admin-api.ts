import { apiErrorCodes, type InboxSettings } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AnalyticsFiguresService } from '../analytics/analytics-figures.js';
import { analyticsRoutes } from '../analytics/analytics-routes.js';
import { conversationRoutes } from '../conversations/conversation-routes.js';
import { messageGrants } from '../conversations/message-grants.js';
import type { ConversationService } from '../conversations/conversation-service.js';
import { savedReplyRoutes } from '../conversations/saved-reply-routes.js';
import { sendApiError } from '../http/api-error.js';
import { inboxRecordsRoutes } from '../inbox/inbox-records-routes.js';
import { inboxRoutes } from '../inbox/inbox-routes.js';
import type { InboxService } from '../inbox/inbox-service.js';
import { settingsRoutes } from '../inbox/settings-routes.js';
import { subjectRoutes } from '../inbox/subject-routes.js';
import { accountRoutes } from '../operators/account-routes.js';
import type { OperatorServices } from '../operators/operator-services.js';
import { sessionRoutes } from '../operators/session-routes.js';
import { signInRoutes } from '../operators/sign-in-routes.js';
import type { PrivacyService } from '../privacy/privacy-service.js';
import { reportRoutes } from '../reports/report-routes.js';
import type { ReportService } from '../reports/report-service.js';
import { webhookRoutes } from '../webhooks/webhook-routes.js';
import { ADMIN_API_FALLBACK, onlyRoutesFromTable } from './route-table-guard.js';
import type { WebhookService } from '../webhooks/webhook-service.js';

export type AdminApiOptions = {
  operators: OperatorServices;
  inbox: InboxService;
  conversations: ConversationService;
  privacy: PrivacyService;
  webhooks: WebhookService;
  analytics: AnalyticsFiguresService;
  reports: ReportService;
  /** What the inbox shows of the server's settings. */
  settings: InboxSettings;
};

/**
 * Everything under /admin/api: never cached, never indexed, under the strict resource CSP that
 * security-headers.ts gives every answer that is not a page. Each route plugin gets the services it uses.
 */
export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (
  app,
  { operators, inbox, conversations, privacy, webhooks, analytics, reports, settings },
) => {
  const { guard, audit, cookies } = operators;
  const grants = messageGrants(cookies.secret, cookies.maxAgeSeconds * 1000);
  onlyRoutesFromTable(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex, nofollow');
  });
  await app.register(signInRoutes, { context: operators.signIn });
  await app.register(sessionRoutes, operators);
  await app.register(accountRoutes, operators);
  await app.register(inboxRoutes, { inbox, conversations, grants, guard });
  await app.register(conversationRoutes, { conversations, grants, guard });
  await app.register(savedReplyRoutes, { conversations, guard });
  await app.register(inboxRecordsRoutes, { inbox, audit, guard });
  await app.register(subjectRoutes, { privacy, guard });
  await app.register(settingsRoutes, { settings, guard });
  await app.register(webhookRoutes, { webhooks, guard });
  await app.register(analyticsRoutes, { analytics, guard });
  await app.register(reportRoutes, { reports, guard });
  // Unknown paths answer here, not in the site's 404 page, so they carry the same headers.
  app.all(ADMIN_API_FALLBACK, async (_request, reply) =>
    sendApiError(reply, 404, apiErrorCodes.notFound, 'There is no such admin API path.'),
  );
};
