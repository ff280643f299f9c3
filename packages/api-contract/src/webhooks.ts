import { z } from 'zod';
import { messageIdParams, messageSource, pageQuery, visitSource } from './admin-messages.js';
import { languages } from './languages.js';
import { spamVerdict } from './spam-verdict.js';
import { WEBHOOK_EVENT_VERSION, webhookEventTypes } from './webhook-constants.js';
import { WEBHOOK_URL_MAX } from './webhook-url.js';

/**
 * Webhooks on the wire: the events the server posts to the company's own systems (Standard
 * Webhooks, https://www.standardwebhooks.com), and the endpoints and delivery log the inbox manages.
 */

export const webhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** A signing secret: `whsec_` and the base64 of its key (24 random bytes when the server makes one). */
export const webhookSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{24,}={0,2}$/, 'must be whsec_ followed by the base64 of at least 18 bytes');

/** The message an event is about, as the visitor sent it; never sent for a person who restricted processing. */
export const webhookMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  marketingConsent: z.boolean(),
  siteKey: z.string(),
  language: z.enum(languages),
  source: messageSource,
  receivedAt: z.string(),
  /**
   * `possibly-spam`: the spam filter was unsure, a person should look before acting on it; `not-spam`
   * otherwise (spam is never posted as received).
   */
  spamVerdict,
  /** The visit the message came from, as the inbox shows it; null when none was counted. */
  visitSource,
  /** Opens the message in the inbox (for operators signed in). */
  inboxUrl: z.string(),
});

/** An operator's reply, sent to the visitor by mail. */
export const webhookReply = z.object({
  id: z.number().int(),
  text: z.string(),
  /** The name visitors saw on it ("Anna at Example Digital"). */
  fromName: z.string(),
  sentAt: z.string(),
});

/** The JSON body of every delivery (Standard Webhooks' recommended `type`, `timestamp`, `data`). */
export const webhookEvent = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('message.received'),
    version: z.literal(WEBHOOK_EVENT_VERSION),
    timestamp: z.string(),
    data: z.object({ message: webhookMessage }),
  }),
  z.object({
    type: z.literal('message.replied'),
    version: z.literal(WEBHOOK_EVENT_VERSION),
    timestamp: z.string(),
    data: z.object({ message: webhookMessage, reply: webhookReply }),
  }),
]);
export type WebhookEvent = z.infer<typeof webhookEvent>;

/** An endpoint as operators give it: where, which events, and which sites' messages (none: every site). */
export const webhookEndpointBody = z.object({
  url: z.string().trim().min(1, 'Give the address to post to.').max(WEBHOOK_URL_MAX),
  events: z.array(webhookEventType).min(1, 'Choose at least one event.'),
  siteKeys: z.array(z.string().min(1).max(200)).max(100),
  description: z.string().trim().max(200).default(''),
});
export type WebhookEndpointBody = z.input<typeof webhookEndpointBody>;

export const webhookDeliveryStatus = z.enum(['pending', 'sent', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

/** How an endpoint's deliveries stand, by status. */
export const deliveryCounts = z.object({ pending: z.number(), sent: z.number(), failed: z.number() });

/** An endpoint as the inbox lists it; its secret is never sent again after it was made. */
export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(webhookEventType),
  siteKeys: z.array(z.string()),
  /** Set from WEBHOOK_URL and WEBHOOK_SECRET: changed there, not in the inbox. */
  fromSettings: z.boolean(),
  createdAt: z.string(),
  /** The secret before the last rotation, still signing deliveries until then. */
  previousSecretUntil: z.string().nullable(),
  deliveries: deliveryCounts,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointList = z.object({ endpoints: z.array(webhookEndpoint) });

/** A new endpoint or a rotated secret: the one time its secret is shown. */
export const webhookEndpointWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

/** One event for one endpoint, and how its delivery stands. */
export const webhookDelivery = z.object({
  seq: z.number().int(),
  /** The `webhook-id` the receiver dedupes by; the same on every attempt. */
  webhookId: z.string(),
  endpointId: z.number().int(),
  endpointUrl: z.string(),
  event: webhookEventType,
  messageId: z.string(),
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status on the last attempt; null when none came (refused, timed out). */
  responseStatus: z.number().int().nullable(),
  /** The start of the receiver's answer, at most WEBHOOK_SNIPPET_MAX characters. */
  responseSnippet: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

/** The most of a receiver's answer that is kept. */
export const WEBHOOK_SNIPPET_MAX = 500;

export const webhookDeliveryList = z.object({
  deliveries: z.array(webhookDelivery),
  nextBefore: z.number().int().nullable(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryList>;

/** Which entries of the log: of one endpoint, of one message, in one state; a page of them. */
export const webhookDeliveryQuery = z.object({
  ...pageQuery,
  endpoint: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .optional(),
  message: messageIdParams.shape.id.optional(),
  status: webhookDeliveryStatus.optional(),
});

/** An endpoint, named by its number. */
export const webhookEndpointParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** Which deliveries to send again, by seq. */
export const webhookResendBody = z.object({ seqs: z.array(z.number().int().min(1)).min(1).max(1000) });
export const webhookResent = z.object({ queued: z.number().int() });
