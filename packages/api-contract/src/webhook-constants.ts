/** The webhooks' constants: the events, the headers of a delivery and the limits, with no schema. */

/** What a receiver is told of; `message.replied` when an operator's reply to the visitor is sent. */
export const webhookEventTypes = ['message.received', 'message.replied'] as const;

/** The headers of every delivery, as the Standard Webhooks specification names them. */
export const webhookHeaders = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** The version of the events' shape: a receiver can tell a change that is not backwards compatible. */
export const WEBHOOK_EVENT_VERSION = 1;
