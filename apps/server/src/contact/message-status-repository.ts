import type { Db } from '../db/database.js';
import type { MessageStatus } from '../db/types.js';

/** What staff change about a message in the inbox; each returns false when there is no such message. */
export function messageStatusRepository(db: Db) {
  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;
  /**
   * A person has been shown these messages (opened, marked spam, or listed in a sent spam digest): the
   * first time is kept, from which spam retention may delete them (decision 040).
   */
  async function shown(ids: readonly string[], at = new Date().toISOString()): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('messages')
      .set({ shown_at: at })
      .where('id', 'in', ids)
      .where('shown_at', 'is', null)
      .execute();
  }

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

    shown,

    /** The message as stored, for the spam filter to learn from; undefined when there is none. */
    row: (id: string) => db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * An operator's Spam / Not spam mark, which the message shows from then on over the filter's verdict;
     * `reopen` makes a message taken out of spam new again. One marked spam was shown (decision 040).
     */
    async markSpam(id: string, spam: boolean, { reopen }: { reopen: boolean }): Promise<void> {
      await db
        .updateTable('messages')
        .set({
          spam: spam ? 1 : 0,
          spam_mark: spam ? 'spam' : 'not-spam',
          ...(reopen ? { status: 'new' } : {}),
        })
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

    async set(id: string, status: MessageStatus): Promise<boolean> {
      return changed(
        await db.updateTable('messages').set({ status }).where('id', '=', id).executeTakeFirst(),
      );
    },
  };
}
