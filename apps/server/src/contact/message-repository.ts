import type { Db } from '../db/database.js';
import type { MessagesTable } from '../db/types.js';

export type NewMessage = Omit<MessagesTable, 'seq'>;

export function messageRepository(db: Db) {
  return {
    /** Commits the message; resolves only once it is durable. */
    async insert(message: NewMessage): Promise<void> {
      await db.insertInto('messages').values(message).execute();
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
