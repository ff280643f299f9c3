import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@site/api-contract';
import type { Db } from '../db/database.js';
import { eventRepository, type QueuedDelivery, type QueuedMail } from './event-repository.js';

/**
 * The workers that deliver the queues: the mail worker, the webhook worker, and the mailbox reader, which
 * deletes the mailbox's copies of erased mail.
 */
export type Worker = 'mail' | 'webhooks' | 'mailbox';

/** Wakes those of the named workers this instance runs; called once the announcing transaction committed. */
export type WakeWorkers = (workers: readonly Worker[]) => void;

/** A real message to tell of: from the form, by mail, or taken out of spam. */
export type ReceivedMessage = {
  id: string;
  siteKey: string;
  /** When it counts as received: its mails and webhooks are due then. */
  at: string;
  /** Whether the visitor is asked to confirm a ticked marketing box. */
  confirm: boolean;
  /** Whether the visitor is sent the acknowledgement: a form's message, not spam, first in a day. */
  acknowledge?: boolean;
};

/** Something that happened, which mails or webhooks go out for. */
export type QueueEvent =
  | { kind: 'message.received'; messages: readonly ReceivedMessage[] }
  | { kind: 'answer.received'; messageId: string; inboundSeq: number; at: string }
  | { kind: 'message.replied'; messageId: string; siteKey: string; replySeq: number; at: string };

type Hook = { event: WebhookEventType; messageId: string; siteKey: string; replySeq?: number; at: string };

/** The mails an event queues, and the webhook events it raises. */
function outgoing(event: QueueEvent): { mails: QueuedMail[]; hooks: Hook[] } {
  switch (event.kind) {
    case 'message.received':
      return {
        mails: [
          ...event.messages.map((message) => ({
            messageId: message.id,
            kind: 'notification' as const,
            at: message.at,
          })),
          ...event.messages
            .filter((message) => message.confirm)
            .map((message) => ({ messageId: message.id, kind: 'confirmation' as const, at: message.at })),
          ...event.messages
            .filter((message) => message.acknowledge)
            .map((message) => ({ messageId: message.id, kind: 'acknowledgement' as const, at: message.at })),
        ],
        hooks: event.messages.map((message) => ({
          event: 'message.received',
          messageId: message.id,
          siteKey: message.siteKey,
          at: message.at,
        })),
      };
    case 'answer.received':
      return {
        mails: [{ messageId: event.messageId, kind: 'answer', inboundSeq: event.inboundSeq, at: event.at }],
        hooks: [],
      };
    case 'message.replied':
      return {
        mails: [],
        hooks: [
          {
            event: 'message.replied',
            messageId: event.messageId,
            siteKey: event.siteKey,
            replySeq: event.replySeq,
            at: event.at,
          },
        ],
      };
  }
}

/** One delivery per webhook event and endpoint that listens to its type and its site (none: every site). */
const deliveriesOf = (
  hooks: readonly Hook[],
  endpoints: readonly { id: number; events: readonly WebhookEventType[]; siteKeys: readonly string[] }[],
): QueuedDelivery[] =>
  hooks.flatMap((hook) =>
    endpoints
      .filter(
        (endpoint) =>
          endpoint.events.includes(hook.event) &&
          (endpoint.siteKeys.length === 0 || endpoint.siteKeys.includes(hook.siteKey)),
      )
      .map((endpoint) => ({
        webhookId: `msg_${randomUUID().replaceAll('-', '')}`,
        endpointId: endpoint.id,
        event: hook.event,
        messageId: hook.messageId,
        replySeq: hook.replySeq,
        at: hook.at,
      })),
  );

/**
 * The one writer of what goes out when something happens: queues, in the caller's transaction, the
 * event's mails and its webhook deliveries, each due at the event's time. Returns the workers whose
 * queues it wrote to, for the caller to wake once the transaction has committed (woken earlier, a worker
 * on PostgreSQL would not see the rows yet, and they would wait for its next poll).
 */
export async function announce(trx: Db, event: QueueEvent): Promise<Worker[]> {
  const rows = eventRepository(trx);
  const { mails, hooks } = outgoing(event);
  await rows.queueMails(mails);
  const deliveries = hooks.length === 0 ? [] : deliveriesOf(hooks, await rows.listeningEndpoints());
  await rows.queueDeliveries(deliveries);
  return [
    ...(mails.length > 0 ? ['mail' as const] : []),
    ...(deliveries.length > 0 ? ['webhooks' as const] : []),
  ];
}
