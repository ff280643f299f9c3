import { type Kysely, sql } from 'kysely';
import { databaseKind } from './dialect.js';

/**
 * The domain of `messages.email` as SQL, the very expression migration 029 indexes (with `seq`), so a
 * query on a company's domain reads that index: what follows the address's first `@` (a stored address
 * has one, in its normal form). Changing it needs a migration that indexes the new one.
 */
export const emailDomainOf = <T>(db: Kysely<T>) =>
  databaseKind(db) === 'postgres'
    ? sql`split_part(email, '@', 2)`
    : sql`substr(email, instr(email, '@') + 1)`;
