import type { Db } from '../db/database.js';
import type { MessageStatus } from '../db/types.js';

/** What staff change about a message in the inbox; each returns false when there is no such message. */
export function messageStatus(db: Db) {
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;
  return {
    /** Opening a new message makes it read; one already answered or archived stays so. */
    async opened(id: string): Promise<boolean> {
      const read = await db
        .updateTable('messages')
        .set({ status: 'read' })
        .where('id', '=', id)
        .where('status', '=', 'new')
        .executeTakeFirst();
      if (changed(read)) return true;
      return (
        (await db.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
      );
    },

    /**
     * A person has been shown these messages (opened, marked spam, or listed in a sent spam digest): the
     * first time is kept, from which spam retention may delete them (decision 040).
     */
    async shown(ids: readonly string[], at = new Date().toISOString()): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('messages')
        .set({ shown_at: at })
        .where('id', 'in', ids)
        .where('shown_at', 'is', null)
        .execute();
    },

    async set(id: string, status: MessageStatus): Promise<boolean> {
      return changed(
        await db.updateTable('messages').set({ status }).where('id', '=', id).executeTakeFirst(),
      );
    },
  };
}
