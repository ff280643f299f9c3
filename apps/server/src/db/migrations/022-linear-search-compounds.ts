import { type Kysely } from 'kysely';
import { databaseKind } from '../dialect.js';
import { searchWordsFunction } from '../search-index.js';

/**
 * PostgreSQL: the search tables' words of a message in time linear in its length (search-index.ts): the
 * function migration 013 made read a long compound word in time growing with its square. The words are
 * the same, so the tables stay as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (databaseKind(db) !== 'postgres') return;
  await searchWordsFunction.execute(db);
}

/** Nothing to undo: the words are the same (migration 013's down drops the function). */
export async function down(): Promise<void> {}
