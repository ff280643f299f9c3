import type { Db } from '../db/database.js';

/** The stored copies of a text the repetition signal reads (repetition.ts), by the text's fingerprint. */
export function repetitionRepository(db: Db) {
  return {
    /** The senders of the newest `limit` copies of the text received since `since`, newest first. */
    async newestSenders(fingerprint: string, since: string, limit: number) {
      const rows = await db
        .selectFrom('messages')
        .select('email')
        .where('text_fingerprint', '=', fingerprint)
        .where('received_at', '>=', since)
        .orderBy('received_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.email);
    },
  };
}
