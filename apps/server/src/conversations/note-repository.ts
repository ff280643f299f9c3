import type { Db } from '../db/database.js';

/** The team's notes on messages: they never leave the company, and go with their message. */
export function noteRepository(db: Db) {
  return {
    async insert(messageId: string, operatorId: number, body: string, now = new Date().toISOString()) {
      const row = await db
        .insertInto('notes')
        .values({ message_id: messageId, operator_id: operatorId, body, created_at: now })
        .returning('seq')
        .executeTakeFirstOrThrow();
      return row.seq;
    },
  };
}
