import { adminApiPaths } from '@site/api-contract';
import type { FastifyPluginAsync } from 'fastify';
import { type ExportFormat, exportDocument, exportRow } from '../contact/message-export.js';
import { messageQueries } from '../contact/message-queries.js';
import type { AdminContext } from '../admin-api/admin-context.js';
import { type FilterQuery, filterOf, inboxSchemas, nextBefore } from './inbox-schemas.js';
import { requireSession, signedIn } from '../operators/require-session.js';

type ExportQuery = FilterQuery & { format: ExportFormat };

const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** What the inbox takes away or looks back on: an export of the current filter, and the audit log. */
export const inboxRecordsRoutes: FastifyPluginAsync<{ context: AdminContext }> = async (app, { context }) => {
  const { db, audit } = context;
  const queries = messageQueries(db);
  app.addHook('onRequest', requireSession(context.sessions, context.cookies));

  // Like the command line's export: restricted messages stay out.
  app.get<{ Querystring: ExportQuery }>(
    adminApiPaths.exportMessages,
    { schema: inboxSchemas.export },
    async (request, reply) => {
      const { format } = request.query;
      const rows = await queries.list(filterOf(request.query));
      const exported = rows.filter((row) => row.restricted === 0).map(exportRow);
      await audit.record({
        operatorId: signedIn(request).id,
        via: 'inbox',
        action: 'export',
        target: `${exported.length} message(s) as ${format}`,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', contentTypes[format])
        .header('content-disposition', `attachment; filename="messages-${day}.${format}"`)
        .send(exportDocument(exported, format));
    },
  );

  app.get<{ Querystring: { before?: number; limit: number } }>(
    adminApiPaths.audit,
    { schema: inboxSchemas.audit },
    async (request) => {
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
    },
  );
};
