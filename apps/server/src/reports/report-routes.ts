import { adminRoutes } from '@site/api-contract';
import { actorOf } from '../audit/request-actor.js';
import { addRoute, type ZodPlugin } from '../http/zod-schemas.js';
import type { SessionGuard } from '../security/session-guard.js';
import { reportCsv } from './report-csv.js';
import type { ReportService } from './report-service.js';

/** The reports of a signed-in operator: the figures, and the same as a CSV download. */
export const reportRoutes: ZodPlugin<{ reports: ReportService; guard: SessionGuard }> = async (
  app,
  { reports, guard },
) => {
  app.addHook('onRequest', guard);

  addRoute(app, adminRoutes.reports, async (request) => reports.report(request.query, actorOf(request)));

  addRoute(app, adminRoutes.exportReport, async (request, reply) => {
    const report = await reports.report(request.query, actorOf(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="report-${report.from}-${report.to}.csv"`)
      .send(reportCsv(report));
  });
};
