import type { Db } from '../db/database.js';

/** The daily salts of the visitor hash, shared by every instance on the database (decision 066). */
export function saltRepository(db: Db) {
  return {
    /**
     * The salt of `day`: `fresh` unless an instance made one first (insert if absent, then read), so
     * every instance hashes with the same one.
     */
    async saltOf(day: string, fresh: string): Promise<string> {
      await db
        .insertInto('analytics_salts')
        .values({ day, salt: fresh })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
      const row = await db
        .selectFrom('analytics_salts')
        .select('salt')
        .where('day', '=', day)
        .executeTakeFirstOrThrow();
      return row.salt;
    },

    /** Deletes the salts of the days before `day`: their hashes can never be made again. */
    async deleteBefore(day: string): Promise<number> {
      const result = await db.deleteFrom('analytics_salts').where('day', '<', day).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SaltRepository = ReturnType<typeof saltRepository>;
