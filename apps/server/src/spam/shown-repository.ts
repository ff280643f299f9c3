import type { Db } from '../db/database.js';

/** When a person was first shown a message, from which spam retention may delete it (decision 040). */
export function shownRepository(db: Db) {
  return {
    /** These messages were shown (opened, marked spam, or listed in a sent spam digest): the first time is kept. */
    async mark(ids: readonly string[], at = new Date().toISOString()): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('messages')
        .set({ shown_at: at })
        .where('id', 'in', ids)
        .where('shown_at', 'is', null)
        .execute();
    },
  };
}
