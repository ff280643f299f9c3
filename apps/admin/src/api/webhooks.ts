import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import type { WebhookDeliveryStatus, WebhookEndpointBody } from '@site/api-contract';
import { backgroundRequest, call } from './admin-client.ts';

export type {
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@site/api-contract';

const backgroundHeader = (background: boolean) => (background ? backgroundRequest : {});

/**
 * The endpoints the server posts events to. Adding one and rotating its secret answer the secret, the
 * one time it is shown; a refused URL is an ApiError `webhook_url_refused` with the server's reason.
 */
export const webhookEndpoints = {
  /** `background`: asked on its own (a poll), so it keeps no session alive. */
  list: async (background = false) =>
    (await call(endpoints.webhooks, {}, undefined, backgroundHeader(background))).endpoints,
  add: (body: WebhookEndpointBody) => call(endpoints.addWebhook, {}, body),
  change: (id: number, body: WebhookEndpointBody) => call(endpoints.changeWebhook, { id }, body),
  remove: (id: number) => call(endpoints.removeWebhook, { id }, {}),
  rotate: (id: number) => call(endpoints.rotateWebhookSecret, { id }, {}),
};

/** Which entries of the delivery log: one endpoint's or one message's, in one state, older than `before`. */
export type DeliveryQuery = {
  endpoint?: number;
  message?: string;
  status?: WebhookDeliveryStatus;
  before?: number;
  limit?: number;
};

/** The delivery log, newest first, and sending deliveries again. */
export const webhookDeliveries = {
  /** `background`: asked on its own (a poll), so it keeps no session alive. */
  page: (query: DeliveryQuery, background = false) =>
    call(endpoints.webhookDeliveries, {}, query, backgroundHeader(background)),
  /** Queues these deliveries again (pending ones keep their turn): how many were queued. */
  resend: async (seqs: number[]) => (await call(endpoints.resendWebhookDeliveries, {}, { seqs })).queued,
};
