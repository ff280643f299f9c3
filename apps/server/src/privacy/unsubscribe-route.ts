import { apiErrorCodes, UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_PAGE_PATH, unsubscribed } from '@site/api-contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import { addFormBodyParser } from '../http/form-body.js';
import { sendHtml as html } from '../security/html-page.js';
import type { DataSubjects } from './data-subject-repository.js';
import { formFieldNames } from '@site/api-contract';
import { LANGUAGE_PARAMETER, sameSitePlace } from '../site/server-page.js';
import { confirmPage, donePage, invalidLinkPage, type PageText } from './unsubscribe-page.js';
import { verifyUnsubscribeToken } from './unsubscribe-token.js';

type Options = { subjects: DataSubjects; secret: string; site: PageText };

const wantsHtml = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
  String(request.headers.accept ?? '').includes('text/html');

/**
 * The Unsubscribe link of marketing e-mails: GET /unsubscribe shows a confirmation page, POST /api/unsubscribe
 * opts the address out (also as RFC 8058 one-click: `List-Unsubscribe=One-Click` with the token in the URL).
 */
export const unsubscribeRoute: FastifyPluginAsync<Options> = async (app, { subjects, secret, site }) => {
  addFormBodyParser(app, 4096);

  app.get<{ Querystring: { token?: string; [LANGUAGE_PARAMETER]?: string } }>(
    UNSUBSCRIBE_PAGE_PATH,
    async (request, reply) => {
      const place = sameSitePlace(request.query[LANGUAGE_PARAMETER]);
      const check = verifyUnsubscribeToken(request.query.token, secret);
      if (!check.ok) return html(reply, 400, invalidLinkPage(site, place));
      return html(reply, 200, confirmPage(request.query.token!, check.email, site, place));
    },
  );

  app.post<{ Querystring: { token?: string }; Body: Record<string, unknown> | undefined }>(
    UNSUBSCRIBE_API_PATH,
    { bodyLimit: 4096, schema: { response: { 200: unsubscribed } } },
    async (request, reply) => {
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      const token = body.token ?? request.query.token;
      const place = sameSitePlace(body[formFieldNames.language]);
      const check = verifyUnsubscribeToken(token, secret);
      if (!check.ok) {
        if (wantsHtml(request)) return html(reply, 400, invalidLinkPage(site, place));
        return sendApiError(
          reply,
          400,
          apiErrorCodes.invalidToken,
          `The unsubscribe token is ${check.reason}.`,
        );
      }
      await subjects.optOut(check.email);
      request.log.info('marketing opt-out recorded');
      if (wantsHtml(request)) return html(reply, 200, donePage(check.email, site, place));
      return reply.send({ status: 'unsubscribed' });
    },
  );
};
