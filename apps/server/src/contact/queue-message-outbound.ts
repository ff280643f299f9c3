import { requestConsent } from '../consent/consent-repository.js';
import type { Db } from '../db/database.js';
import type { MessagesTable, OutboxKind } from '../db/types.js';
import { outboxRepository } from '../notifications/outbox-repository.js';
import { queueWebhookDeliveries } from '../webhooks/delivery-repository.js';

type Queued = Pick<MessagesTable, 'id' | 'email' | 'marketing_consent' | 'received_at' | 'site_key'>;

/**
 * Queues, in the caller's transaction, what goes out for a real message: its notification, its
 * `message.received` webhooks and, when its marketing box was ticked (and the address has not opted
 * out), the mail that asks to confirm it. They are due at `received_at`, which is also when the consent
 * counts as asked for (a message found to be no spam later gives the time it was found so).
 */
export async function queueMessageOutbound(
  trx: Db,
  messages: readonly Queued[],
  consentConfirmDays: number,
): Promise<void> {
  const mail = (message: Queued, kind: OutboxKind) => ({
    message_id: message.id,
    kind,
    status: 'pending' as const,
    next_attempt_at: message.received_at,
    created_at: message.received_at,
  });
  const mails = messages.map((message) => mail(message, 'notification'));
  for (const message of messages) {
    if (message.marketing_consent && (await requestConsent(trx, message, consentConfirmDays)))
      mails.push(mail(message, 'confirmation'));
  }
  await outboxRepository(trx).insert(mails);
  const received = messages.map((message) => ({
    event: 'message.received' as const,
    messageId: message.id,
    siteKey: message.site_key,
    at: message.received_at,
  }));
  await queueWebhookDeliveries(trx, received);
}
