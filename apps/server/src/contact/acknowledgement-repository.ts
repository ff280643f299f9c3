import type { Db } from '../db/database.js';
import { keyedHash } from '../security/secret-token.js';
import { DAY_MS } from '../time.js';

/** What the table keeps of an acknowledged address: an HMAC of its normal form, no address. */
export const acknowledgedSenderKey = (secret: string, email: string) =>
  keyedHash(secret, 'acknowledged-sender', email);

/**
 * In the transaction that stores the message: claims the address's acknowledgement, unless it had one
 * in the 24 hours before `at`. The address's row is inserted, or moved on when its last acknowledgement
 * is a day old; on PostgreSQL a second instance's claim on the same address waits on the row's key
 * until the first commits, and then finds it taken. True when the acknowledgement is due.
 */
export async function claimAcknowledgement(trx: Db, senderKey: string, at: string): Promise<boolean> {
  const dayBefore = new Date(Date.parse(at) - DAY_MS).toISOString();
  const claimed = await trx
    .insertInto('acknowledged_senders')
    .values({ sender_key: senderKey, acknowledged_at: at })
    .onConflict((conflict) =>
      conflict
        .column('sender_key')
        .doUpdateSet((eb) => ({ acknowledged_at: eb.ref('excluded.acknowledged_at') }))
        .where('acknowledged_senders.acknowledged_at', '<=', dayBefore),
    )
    .returning('sender_key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Erasure: forgets that the address (its key) was acknowledged, so no hash of it stays. */
export async function forgetAcknowledgedSender(trx: Db, senderKey: string): Promise<void> {
  await trx.deleteFrom('acknowledged_senders').where('sender_key', '=', senderKey).execute();
}

/** Retention: the addresses acknowledged before `before` (ISO time); a day on, a row decides nothing. */
export async function forgetAcknowledgementsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('acknowledged_senders')
    .where('acknowledged_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
