import type { FirstResponseTimes } from '../business-hours/first-response.js';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';

/**
 * The message a conversation is about: whether it is there, the message a reply answers (locked until
 * the reply is queued), its assignee, and what its thread's version is read from.
 */
export function conversationRepository(db: Db) {
  return {
    exists: async (messageId: string) =>
      (await db.selectFrom('messages').select('id').where('id', '=', messageId).executeTakeFirst()) !==
      undefined,

    /**
     * The message a reply is about to answer, in the caller's transaction; on PostgreSQL locked until it
     * ends, so two replies cannot both pass the check of the newest reply (SQLite's writers take turns).
     */
    messageToAnswer: (messageId: string) =>
      db
        .selectFrom('messages')
        .select(['id', 'email', 'restricted', 'received_at', 'first_reply_at'])
        .where('id', '=', messageId)
        .$if(databaseKind(db) === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst(),

    /**
     * Stops the first-response clock at the message's first reply, by `operatorId`, in the caller's
     * transaction: a later reply changes nothing.
     */
    async recordFirstReply(messageId: string, operatorId: number, at: string, times: FirstResponseTimes) {
      await db
        .updateTable('messages')
        .set({
          first_reply_at: at,
          first_reply_by: operatorId,
          first_response_business_s: times.businessSeconds,
          first_response_wall_s: times.wallSeconds,
        })
        .where('id', '=', messageId)
        .where('first_reply_at', 'is', null)
        .execute();
    },

    /** Assigns the message to an operator, or to nobody; false when there is no such message. */
    async assign(messageId: string, operatorId: number | null): Promise<boolean> {
      const result = await db
        .updateTable('messages')
        .set({ assigned_to: operatorId })
        .where('id', '=', messageId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * What changes whenever the thread does: its replies' states (count and newest of each), the newest
     * note and answer by mail, the assignee and status; the message's part undefined when there is none.
     */
    versionParts: (messageId: string) =>
      Promise.all([
        db
          .selectFrom('replies')
          .select([
            'status',
            (eb) => eb.fn.max('seq').as('seq'),
            (eb) => eb.fn.countAll<number | string>().as('count'),
          ])
          .where('message_id', '=', messageId)
          .groupBy('status')
          .orderBy('status')
          .execute(),
        db
          .selectFrom('notes')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('message_id', '=', messageId)
          .executeTakeFirst(),
        db
          .selectFrom('inbound_mails')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('message_id', '=', messageId)
          .executeTakeFirst(),
        db
          .selectFrom('messages')
          .select(['assigned_to', 'status'])
          .where('id', '=', messageId)
          .executeTakeFirst(),
      ]),
  };
}
