import { apiErrorCodes, CONTACT_API_PATH, messageStored } from '@site/api-contract';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { errorHandler } from '../error-handler.js';
import { sendApiError } from '../http/api-error.js';
import { addFormBodyParser, isFormPost, mediaTypeOf } from '../http/form-body.js';
import type { Origins } from '../security/origin.js';
import type { XsrfSettings } from '../security/xsrf.js';
import { messageAcceptor } from './accept-message.js';
import { answerForm, answerFormError, type FormSite } from './form-contact.js';
import { answerJson } from './json-contact.js';
import { firstSentFromIpSince, messageRepository } from './message-repository.js';
import type { RateLimits } from './rate-limit.js';
import { rateLimitGate } from './rate-limit-gate.js';
import { spamFilter, type SpamSettings } from '../spam/spam-filter.js';
import type { FindVisitSource } from '../analytics/visit-source.js';

export type ContactRouteOptions = {
  db: Db;
  site: FormSite;
  siteKeys: readonly string[];
  origins: Origins;
  xsrf: XsrfSettings;
  rateLimits: RateLimits;
  /** Days the link that confirms a ticked marketing box works. */
  consentConfirmDays: number;
  spam: SpamSettings;
  /** ACKNOWLEDGEMENT_MAIL on: the secret the acknowledged addresses are keyed with. */
  acknowledgement?: { secret: () => string };
  /** Called once a message is committed (wakes the notification outbox). */
  onStored?: () => void;
  /** Finds the visit a message's sender came from (analytics on). */
  visitSource?: FindVisitSource;
};

const BODY_LIMIT_BYTES = 64 * 1024;

const isJson = (contentType: string | undefined) => mediaTypeOf(contentType) === 'application/json';

async function requireJsonOrForm(request: FastifyRequest, reply: FastifyReply) {
  const type = request.headers['content-type'];
  if (!isJson(type) && !isFormPost(type)) {
    return sendApiError(
      reply,
      415,
      apiErrorCodes.unsupportedMediaType,
      'Send the message as JSON (Content-Type: application/json).',
    );
  }
}

/**
 * POST /api/ContactUs: JSON from the site's scripts, or a plain form post from a page without JavaScript.
 * Either way the message is checked, then stored durably, and only then acknowledged.
 */
export const contactRoute: FastifyPluginAsync<ContactRouteOptions> = async (app, options) => {
  const { site, origins } = options;
  const accept = messageAcceptor({
    repository: messageRepository(options.db, {
      consentConfirmDays: options.consentConfirmDays,
      rateLimits: options.rateLimits,
      acknowledgement: options.acknowledgement,
    }),
    gate: rateLimitGate(options.rateLimits, (ip, since, limit) =>
      firstSentFromIpSince(options.db, ip, since, limit),
    ),
    judge: spamFilter(options.db, () => options.xsrf.secret, options.spam),
    siteKeys: options.siteKeys,
    visitSource: options.visitSource,
    onStored: options.onStored,
  });
  addFormBodyParser(app, BODY_LIMIT_BYTES);
  app.setErrorHandler<FastifyError>((error, request, reply) =>
    isFormPost(request.headers['content-type'])
      ? answerFormError(error, request, reply, site, origins)
      : errorHandler(error, request, reply),
  );

  app.post(
    CONTACT_API_PATH,
    {
      bodyLimit: BODY_LIMIT_BYTES,
      onRequest: requireJsonOrForm,
      schema: { response: { 201: messageStored } },
    },
    async (request, reply) =>
      isFormPost(request.headers['content-type'])
        ? answerForm(request, reply, accept, site, origins, options.xsrf)
        : answerJson(request, reply, accept, origins, options.xsrf),
  );
};
