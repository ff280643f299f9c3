import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A query that touches the stored messages, so a database that cannot read them is not ready. */
export const databaseProbe = (db: Db) => async () => {
  await sql`select 1 from messages limit 1`.execute(db);
};
