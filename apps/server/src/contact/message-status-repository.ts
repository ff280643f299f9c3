import type { Db } from '../db/database.js';
import { messageStatuses } from '../db/types.js';
import { shownRepository } from '../spam/shown-repository.js';
import type { StatusChange } from './message-status.js';

/**
 * A message's status, the only writer of `messages.status` (its changes are in message-status.ts), and
 * what else staff change about a message in the inbox: whether it was shown, and their spam mark.
 */
export function messageStatusRepository(db: Db) {
  const exists = async (id: string) =>
    (await db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  const shown = shownRepository(db).mark;

  return {
    /**
     * Makes the change if the message's status is one it applies to; false when there is no such
     * message (one in another status is left as it is, and true).
     */
    async change(id: string, { from, to }: StatusChange): Promise<boolean> {
      const fromSome = from.length < messageStatuses.length;
      const result = await db
        .updateTable('messages')
        .set({ status: to })
        .where('id', '=', id)
        .$if(fromSome, (query) => query.where('status', 'in', from))
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) return true;
      return fromSome && exists(id);
    },

    shown,

    /** The message as stored, for the spam filter to learn from; undefined when there is none. */
    row: (id: string) => db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * An operator's Spam / Not spam mark, which the message shows from then on over the filter's verdict.
     * One marked spam was shown (decision 040).
     */
    async markSpam(id: string, spam: boolean): Promise<void> {
      await db
        .updateTable('messages')
        .set({ spam: spam ? 1 : 0, spam_mark: spam ? 'spam' : 'not-spam' })
        .where('id', '=', id)
        .execute();
      if (spam) await shown([id]);
    },

    /** Whether the company's notification of the message was ever queued. */
    async notified(id: string): Promise<boolean> {
      const queued = await db
        .selectFrom('outbox')
        .select('seq')
        .where('message_id', '=', id)
        .where('kind', '=', 'notification')
        .executeTakeFirst();
      return queued !== undefined;
    },
  };
}
