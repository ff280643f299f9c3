import {
  CONTACT_PAGE_PATH,
  formFieldNames,
  isLanguage,
  type Language,
  languageOfPath,
  localizedPath,
  MESSAGE_SENT_PATH,
  messageFromFormFields,
} from '@site/api-contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { sendHtml } from '../security/html-page.js';
import { judgeOrigin, type Origins } from '../security/origin.js';
import type { FormLabels, SiteFacts } from '../site/site-facts.js';
import type { XsrfSettings } from '../security/xsrf.js';
import { requestTiming } from '../spam/request-timing.js';
import type { AcceptMessage } from './accept-message.js';
import {
  forbiddenPage,
  invalidPage,
  type PageContext,
  rateLimitedPage,
  tooLargePage,
  unavailablePage,
  unreadablePage,
} from './form-pages.js';

export type FormSite = Pick<SiteFacts, 'name' | 'email' | 'colours' | 'palette' | 'logo' | 'formLabels'>;

/**
 * CSRF for plain form posts, which carry no XSRF header: the browser must say the post comes from this
 * origin (Sec-Fetch-Site), or name an origin that is this site's or on the allow-list.
 */
function fromTrustedPage(request: FastifyRequest, origins: Origins): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  return Boolean(request.headers.origin) && judgeOrigin(request, origins) !== 'forbidden';
}

/**
 * The site the visitor came from (another origin when this API serves a partner's or a separate site),
 * and the language of its page: the form's own field says it, else the page's path.
 */
function pageContext(request: FastifyRequest, site: FormSite, origins: Origins): PageContext {
  const origin =
    request.headers.origin && origins.allowed.includes(request.headers.origin) ? request.headers.origin : '';
  const referer = URL.parse(request.headers.referer ?? '');
  const cameFromSite = referer !== null && referer.origin === (origin || origins.site);
  const field = (request.body as Record<string, unknown> | undefined)?.[formFieldNames.language];
  const language: Language = isLanguage(field)
    ? field
    : languageOfPath(cameFromSite ? referer.pathname : '/');
  const form = `${origin}${cameFromSite ? referer.pathname : localizedPath(language, CONTACT_PAGE_PATH)}#contact`;
  return { brand: site, language, origin, home: `${origin}${localizedPath(language, '/')}`, form };
}

/** A message from a plain HTML form (no JavaScript): a 303 to the thank-you page, or a page that says why not. */
export async function answerForm(
  request: FastifyRequest,
  reply: FastifyReply,
  accept: AcceptMessage,
  site: FormSite,
  origins: Origins,
  xsrf: XsrfSettings,
) {
  const context = pageContext(request, site, origins);
  if (!fromTrustedPage(request, origins)) return sendHtml(reply, 403, forbiddenPage(context));

  const fields = (request.body ?? {}) as Record<string, string>;
  const outcome = await accept(
    {
      siteKey: fields[formFieldNames.siteKey],
      // The form's language field, or its page's when it names none (a page cached before it had one).
      message: messageFromFormFields(fields, context.language),
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
      timing: requestTiming(request, origins, xsrf),
    },
    request.log,
  );
  switch (outcome.kind) {
    case 'stored':
      return reply.redirect(`${context.origin}${localizedPath(context.language, MESSAGE_SENT_PATH)}`, 303);
    case 'unknown-site':
      return sendHtml(reply, 403, forbiddenPage(context));
    case 'rate-limited':
      reply.header('retry-after', String(outcome.waitSeconds));
      return sendHtml(reply, 429, rateLimitedPage(context, outcome.waitSeconds));
    case 'invalid': {
      const problems = Object.entries(outcome.fields).map(([field, problem]) => ({
        label: site.formLabels[context.language][field as keyof FormLabels] ?? field,
        problem,
      }));
      return sendHtml(reply, 400, invalidPage(context, problems));
    }
    case 'unavailable':
      return sendHtml(reply, 503, unavailablePage(context));
  }
}

/**
 * Errors before the handler (a body over the limit, one cut short) as a page; anything unexpected is
 * logged and shown as the 503 page, never as a 500 to a person.
 */
export function answerFormError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  site: FormSite,
  origins: Origins,
) {
  const context = pageContext(request, site, origins);
  const status = error.statusCode ?? 500;
  if (status === 413) return sendHtml(reply, 413, tooLargePage(context));
  if (status >= 400 && status < 500) return sendHtml(reply, 400, unreadablePage(context));
  request.log.error({ err: error }, 'form post failed');
  return sendHtml(reply, 503, unavailablePage(context));
}
