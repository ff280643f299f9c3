import { requestConsent } from '../consent/consent-repository.js';
import type { Db } from '../db/database.js';
import type { MessagesTable } from '../db/types.js';
import { announce, type Worker } from '../queue/events.js';

type Queued = Pick<MessagesTable, 'id' | 'email' | 'marketing_consent' | 'received_at' | 'site_key'>;

/** Whether a message's visitor is sent the acknowledgement (decided in the same transaction). */
export type Acknowledges = (trx: Db, message: Queued) => Promise<boolean>;

/**
 * Announces, in the caller's transaction, real messages: their notifications, their `message.received`
 * webhooks, when a marketing box was ticked (and the address has not opted out) the mail that asks
 * to confirm it, and the visitor's acknowledgement when `acknowledges` says it is due. They are due at `received_at`, which is also when the consent counts as asked for (a
 * message found to be no spam later gives the time it was found so). The workers to wake after commit.
 */
export async function queueMessageOutbound(
  trx: Db,
  messages: readonly Queued[],
  consentConfirmDays: number,
  acknowledges?: Acknowledges,
): Promise<Worker[]> {
  const received = [];
  for (const message of messages)
    received.push({
      id: message.id,
      siteKey: message.site_key,
      at: message.received_at,
      confirm: Boolean(message.marketing_consent) && (await requestConsent(trx, message, consentConfirmDays)),
      acknowledge: (await acknowledges?.(trx, message)) ?? false,
    });
  return announce(trx, { kind: 'message.received', messages: received });
}
