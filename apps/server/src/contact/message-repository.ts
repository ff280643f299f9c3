import type { Db } from '../db/database.js';
import type { MessagesTable } from '../db/types.js';

export type NewMessage = Omit<MessagesTable, 'seq' | 'restricted'>;

export function messageRepository(db: Db) {
  return {
    /**
     * Commits the message and, unless it is spam, its notification in one transaction; resolves only
     * once both are durable.
     */
    async insert(message: NewMessage): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('messages').values(message).execute();
        if (message.spam) return;
        await trx
          .insertInto('outbox')
          .values({
            message_id: message.id,
            status: 'pending',
            next_attempt_at: message.received_at,
            created_at: message.received_at,
          })
          .execute();
      });
    },

    /** How many messages an address sent since `since` (ISO time), and when the earliest of them came. */
    async sentFromIpSince(ip: string, since: string): Promise<{ count: number; earliest: string | null }> {
      const row = await db
        .selectFrom('messages')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('received_at').as('earliest'),
        ])
        .where('ip', '=', ip)
        .where('received_at', '>', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), earliest: row.earliest ?? null };
    },
  };
}

export type MessageRepository = ReturnType<typeof messageRepository>;
