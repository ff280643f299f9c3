import type { FastifyPluginAsync } from 'fastify';
import { addFormBodyParser } from '../http/form-body.js';
import { sendHtml as html } from '../security/html-page.js';
import { formFieldNames } from '@site/api-contract';
import { LANGUAGE_PARAMETER, type PagePlace, sameSitePlace } from '../site/server-page.js';
import { CONFIRM_API_PATH, CONFIRM_PAGE_PATH } from './confirm-paths.js';
import {
  type ConfirmSite,
  confirmedPage,
  confirmPage,
  expiredLinkPage,
  invalidLinkPage,
} from './confirm-page.js';
import type { ConsentRepository } from './consent-repository.js';
import { type ConsentTokenCheck, verifyConsentToken } from './consent-token.js';

type Options = { consents: ConsentRepository; secret: string; site: ConfirmSite; confirmDays: number };

/**
 * The link of the confirmation mail: GET shows a page with a button and changes nothing (mail scanners
 * open links), POST with the token confirms the consent.
 */
export const confirmRoute: FastifyPluginAsync<Options> = async (
  app,
  { consents, secret, site, confirmDays },
) => {
  addFormBodyParser(app, 4096);
  const badLinkPage = (check: Extract<ConsentTokenCheck, { ok: false }>, place: PagePlace) =>
    check.reason === 'expired' ? expiredLinkPage(site, confirmDays, place) : invalidLinkPage(site, place);

  app.get<{ Querystring: { token?: string; [LANGUAGE_PARAMETER]?: string } }>(
    CONFIRM_PAGE_PATH,
    async (request, reply) => {
      const place = sameSitePlace(request.query[LANGUAGE_PARAMETER]);
      const check = verifyConsentToken(request.query.token, secret);
      if (!check.ok) return html(reply, 400, badLinkPage(check, place));
      return html(reply, 200, confirmPage(request.query.token!, check.email, site, place));
    },
  );

  app.post<{ Body: Record<string, unknown> | undefined }>(
    CONFIRM_API_PATH,
    { bodyLimit: 4096 },
    async (request, reply) => {
      const place = sameSitePlace(request.body?.[formFieldNames.language]);
      const check = verifyConsentToken(request.body?.token, secret);
      if (!check.ok) return html(reply, 400, badLinkPage(check, place));
      if (!(await consents.confirm(check.email, check.messageId)))
        return html(reply, 400, invalidLinkPage(site, place));
      request.log.info({ messageId: check.messageId }, 'marketing consent confirmed');
      return html(reply, 200, confirmedPage(check.email, site, place));
    },
  );
};
