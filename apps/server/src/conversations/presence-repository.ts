import type { Db } from '../db/database.js';
import type { PresenceActivity } from '../db/types.js';

/**
 * How long an operator counts as present after their inbox last said so: it says so every
 * PRESENCE_INTERVAL_MS while the message is open.
 */
export const PRESENCE_TTL_MS = 30_000;

/** Who has which message open, or is writing a reply to it: in the database, so every instance sees it. */
export function presenceRepository(db: Db) {
  return {
    /** The operator is there now; older rows of anyone are cleared on the way. */
    async touch(messageId: string, operatorId: number, activity: PresenceActivity, now = new Date()) {
      const seenAt = now.toISOString();
      await db
        .insertInto('presence')
        .values({ message_id: messageId, operator_id: operatorId, activity, seen_at: seenAt })
        .onConflict((conflict) =>
          conflict.columns(['message_id', 'operator_id']).doUpdateSet({ activity, seen_at: seenAt }),
        )
        .execute();
      await db
        .deleteFrom('presence')
        .where('seen_at', '<', new Date(now.getTime() - PRESENCE_TTL_MS).toISOString())
        .execute();
    },

    /** The other operators present at the message, with what they are doing. */
    others(messageId: string, operatorId: number, now = new Date()) {
      return db
        .selectFrom('presence')
        .innerJoin('operators', 'operators.id', 'presence.operator_id')
        .select(['presence.activity', 'operators.email', 'operators.name'])
        .where('presence.message_id', '=', messageId)
        .where('presence.operator_id', '<>', operatorId)
        .where('presence.seen_at', '>=', new Date(now.getTime() - PRESENCE_TTL_MS).toISOString())
        .orderBy('operators.email')
        .execute();
    },
  };
}
