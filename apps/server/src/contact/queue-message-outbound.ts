import { requestConsent } from '../consent/consent-repository.js';
import type { Db } from '../db/database.js';
import type { MessagesTable } from '../db/types.js';
import { announce, type Worker } from '../queue/events.js';

type Queued = Pick<MessagesTable, 'id' | 'email' | 'marketing_consent' | 'received_at' | 'site_key'>;

/**
 * Announces, in the caller's transaction, real messages: their notifications, their `message.received`
 * webhooks and, when a marketing box was ticked (and the address has not opted out), the mail that asks
 * to confirm it. They are due at `received_at`, which is also when the consent counts as asked for (a
 * message found to be no spam later gives the time it was found so). The workers to wake after commit.
 */
export async function queueMessageOutbound(
  trx: Db,
  messages: readonly Queued[],
  consentConfirmDays: number,
): Promise<Worker[]> {
  const received = [];
  for (const message of messages)
    received.push({
      id: message.id,
      siteKey: message.site_key,
      at: message.received_at,
      confirm: Boolean(message.marketing_consent) && (await requestConsent(trx, message, consentConfirmDays)),
    });
  return announce(trx, { kind: 'message.received', messages: received });
}
