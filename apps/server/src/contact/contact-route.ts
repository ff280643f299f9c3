import { contactMessageSchema } from '@site/contact';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { sendApiError } from '../http/api-error.js';
import { judgeOrigin } from '../security/origin.js';
import { hasValidXsrfToken } from '../security/xsrf.js';
import { newMessageId } from './message-id.js';
import { messageRepository } from './message-repository.js';
import { type RateLimits, secondsUntilAllowed } from './rate-limit.js';

export type ContactRouteOptions = {
  db: Db;
  siteKeys: readonly string[];
  corsOrigins: readonly string[];
  rateLimits: RateLimits;
  /** Called once a message is committed (wakes the notification outbox). */
  onStored?: () => void;
};

const BODY_LIMIT_BYTES = 64 * 1024;

const isJson = (contentType: string | undefined) =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

async function requireJson(request: FastifyRequest, reply: FastifyReply) {
  if (!isJson(request.headers['content-type'])) {
    return sendApiError(
      reply,
      415,
      'unsupported_media_type',
      'Send the message as JSON (Content-Type: application/json).',
    );
  }
}

/** POST /api/ContactUs: checks, then stores the message durably, and only then answers 201. */
export const contactRoute: FastifyPluginAsync<ContactRouteOptions> = async (app, options) => {
  const repository = messageRepository(options.db);

  app.post(
    '/api/ContactUs',
    { bodyLimit: BODY_LIMIT_BYTES, onRequest: requireJson },
    async (request, reply) => {
      const siteKey = request.headers.guid;
      if (typeof siteKey !== 'string' || !options.siteKeys.includes(siteKey)) {
        return sendApiError(
          reply,
          401,
          'invalid_site_key',
          'The guid header is missing or not a known site key.',
        );
      }

      const origin = judgeOrigin(request, options.corsOrigins);
      if (origin === 'forbidden') {
        return sendApiError(reply, 403, 'origin_not_allowed', 'This origin may not send messages.');
      }
      if (origin === 'same-origin' && !hasValidXsrfToken(request)) {
        return sendApiError(
          reply,
          403,
          'xsrf_failed',
          'The X-XSRF-TOKEN header must match the XSRF-TOKEN cookie.',
        );
      }

      const wait = await secondsUntilAllowed(repository, request.ip, options.rateLimits);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        return sendApiError(
          reply,
          429,
          'too_many_requests',
          `Too many messages. Please try again in ${wait} s.`,
        );
      }

      const parsed = contactMessageSchema.safeParse(request.body);
      if (!parsed.success) {
        const fields = Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]),
        );
        return sendApiError(reply, 400, 'invalid_message', 'Some fields are missing or invalid.', { fields });
      }

      const message = parsed.data;
      const now = Date.now();
      const receivedAt = new Date(now).toISOString();
      const id = newMessageId(now);
      try {
        await repository.insert({
          id,
          name: message.name,
          email: message.email,
          subject: message.subject,
          message: message.message,
          marketing_consent: message.marketingConsent ? 1 : 0,
          consent_at: message.marketingConsent ? receivedAt : null,
          site_key: siteKey,
          ip: request.ip,
          user_agent: request.headers['user-agent'] ?? '',
          received_at: receivedAt,
          spam: message.website ? 1 : 0,
        });
      } catch (error) {
        request.log.error({ err: error, messageId: id }, 'contact message not stored');
        return sendApiError(
          reply,
          503,
          'storage_unavailable',
          'Your message could not be stored. Please try again in a minute.',
        );
      }
      request.log.info({ messageId: id, spam: Boolean(message.website) }, 'contact message stored');
      options.onStored?.();
      return reply.code(201).send({ id });
    },
  );
};
