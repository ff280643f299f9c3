import type { Db } from '../db/database.js';

/** The named texts operators insert into replies, by name. */
export function savedReplyRepository(db: Db) {
  return {
    list() {
      return db.selectFrom('saved_replies').select(['seq', 'name', 'body']).orderBy('name').execute();
    },

    /** Its seq, or undefined when the name is taken. */
    async insert(name: string, body: string, now = new Date().toISOString()): Promise<number | undefined> {
      const row = await db
        .insertInto('saved_replies')
        .values({ name, body, updated_at: now })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .returning('seq')
        .executeTakeFirst();
      return row?.seq;
    },

    /** 'changed', 'missing', or 'name-taken' (another saved reply has the name). */
    async update(seq: number, name: string, body: string, now = new Date().toISOString()) {
      const other = await db
        .selectFrom('saved_replies')
        .select('seq')
        .where('name', '=', name)
        .where('seq', '<>', seq)
        .executeTakeFirst();
      if (other) return 'name-taken' as const;
      const result = await db
        .updateTable('saved_replies')
        .set({ name, body, updated_at: now })
        .where('seq', '=', seq)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? ('changed' as const) : ('missing' as const);
    },

    async remove(seq: number): Promise<boolean> {
      const result = await db.deleteFrom('saved_replies').where('seq', '=', seq).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
