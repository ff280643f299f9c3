import { adminRoutes, type ExportFormat } from '@site/api-contract';
import type { AuditLog } from '../audit/audit-log.js';
import { actorOf } from '../audit/request-actor.js';
import { nextBefore } from '../http/paging.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import { type SessionGuard, signedIn } from '../security/session-guard.js';
import type { InboxService } from './inbox-service.js';
import { filterOf } from './message-filter.js';

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** What the inbox takes away or looks back on: an export of the current filter, and the audit log. */
export const inboxRecordsRoutes: ZodPlugin<{
  inbox: InboxService;
  audit: AuditLog;
  guard: SessionGuard;
}> = async (app, { inbox, audit, guard }) => {
  app.addHook('onRequest', guard);

  // Like the command line's export: restricted messages stay out.
  addRoute(app, adminRoutes.exportMessages, async (request, reply) => {
    const { format } = request.query;
    const filter = filterOf(request.query, signedIn(request).id);
    const document = await inbox.export(filter, format, actorOf(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', contentTypes[format])
      .header('content-disposition', `attachment; filename="messages-${day}.${format}"`)
      .send(document);
  });

  addRoute(app, adminRoutes.audit, async (request) => {
    const { before, limit } = request.query;
    const entries = await audit.page(limit, before);
    return {
      entries: entries.map(({ seq, at, email, via, action, target, targetOperator }) => ({
        seq,
        at,
        operator: email,
        via,
        action,
        target,
        targetOperator,
      })),
      nextBefore: nextBefore(entries, limit),
    };
  });
};
