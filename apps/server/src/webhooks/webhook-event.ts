import { inboxMessagePath, WEBHOOK_EVENT_VERSION, type WebhookEvent } from '@site/api-contract';
import { shownVerdict } from '../spam/message-verdict.js';
import { visitSourceView } from '../analytics/visit-source.js';
import type { ClaimedDelivery } from './delivery-repository.js';

/**
 * The event a claimed delivery posts, made from the message (and reply) as they are now; undefined when
 * nothing may be sent: the person restricted processing, or the reply is gone.
 */
export function webhookEventOf(
  delivery: ClaimedDelivery,
  siteUrl: string,
  now: Date,
): WebhookEvent | undefined {
  if (delivery.restricted) return undefined;
  const message = {
    id: delivery.message_id,
    name: delivery.name,
    email: delivery.email,
    subject: delivery.subject,
    message: delivery.message,
    marketingConsent: delivery.marketing_consent === 1,
    siteKey: delivery.site_key,
    language: delivery.language,
    source: delivery.source,
    receivedAt: delivery.received_at,
    spamVerdict: shownVerdict(delivery),
    visitSource: visitSourceView(delivery),
    inboxUrl: `${siteUrl}${inboxMessagePath(delivery.message_id)}`,
  };
  const timestamp = now.toISOString();
  if (delivery.event === 'message.received')
    return { type: delivery.event, version: WEBHOOK_EVENT_VERSION, timestamp, data: { message } };
  if (delivery.reply_seq === null || delivery.reply_body === null) return undefined;
  return {
    type: delivery.event,
    version: WEBHOOK_EVENT_VERSION,
    timestamp,
    data: {
      message,
      reply: {
        id: delivery.reply_seq,
        text: delivery.reply_body,
        fromName: delivery.reply_from_name ?? '',
        sentAt: delivery.reply_sent_at ?? timestamp,
      },
    },
  };
}
