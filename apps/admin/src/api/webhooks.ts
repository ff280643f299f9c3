import { adminApiPaths } from '@site/api-contract/constants';
import type {
  WebhookDeliveryList,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
} from '@site/api-contract';
import { backgroundRequest, getJson, postJson } from './admin-client.ts';

export type {
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@site/api-contract';

const backgroundHeader = (background: boolean) => (background ? backgroundRequest : {});

const of = (id: number) => `${adminApiPaths.webhooks}/${id}`;

/**
 * The endpoints the server posts events to. Adding one and rotating its secret answer the secret, the
 * one time it is shown; a refused URL is an ApiError `webhook_url_refused` with the server's reason.
 */
export const webhookEndpoints = {
  /** `background`: asked on its own (a poll), so it keeps no session alive. */
  list: async (background = false) =>
    (await getJson<{ endpoints: WebhookEndpoint[] }>(adminApiPaths.webhooks, backgroundHeader(background)))
      .endpoints,
  add: (body: WebhookEndpointBody) => postJson<WebhookEndpointWithSecret>(adminApiPaths.webhooks, body),
  change: (id: number, body: WebhookEndpointBody) => postJson<void>(of(id), body),
  remove: (id: number) => postJson<void>(`${of(id)}/delete`),
  rotate: (id: number) => postJson<WebhookEndpointWithSecret>(`${of(id)}/rotate`),
};

/** Which entries of the delivery log: one endpoint's or one message's, in one state, older than `before`. */
export type DeliveryQuery = {
  endpoint?: number;
  message?: string;
  status?: WebhookDeliveryStatus;
  before?: number;
  limit?: number;
};

export function deliveryQueryOf(query: DeliveryQuery) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== '') params.set(name, String(value));
  return params.toString();
}

/** The delivery log, newest first, and sending deliveries again. */
export const webhookDeliveries = {
  /** `background`: asked on its own (a poll), so it keeps no session alive. */
  page: (query: DeliveryQuery, background = false) =>
    getJson<WebhookDeliveryList>(
      `${adminApiPaths.webhookDeliveries}?${deliveryQueryOf(query)}`,
      backgroundHeader(background),
    ),
  /** Queues these deliveries again (pending ones keep their turn): how many were queued. */
  resend: async (seqs: number[]) =>
    (await postJson<{ queued: number }>(`${adminApiPaths.webhookDeliveries}/resend`, { seqs })).queued,
};
