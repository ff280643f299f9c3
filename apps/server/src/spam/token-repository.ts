import { createHmac, hash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import type { TrainedAs } from '../db/types.js';
import type { TokenCounts, TrainingTotals } from './bayes.js';

/** Rows per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

const chunks = <T>(list: readonly T[]) =>
  Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, index) =>
    list.slice(index * CHUNK, (index + 1) * CHUNK),
  );

/**
 * Tokens as the store keeps them: 96 bits of SHA-256 over a key derived from the app secret and the
 * token, so the counts hold no readable word, name or address, and nobody without the secret can tell
 * which token a row counts. One SHA-256 each (not an HMAC object per token) keeps a 20,000-character
 * message's thousands of tokens within the filter's time; with a secret-derived key of fixed length
 * in front, it is as good a keyed hash for this as an HMAC.
 */
export function tokenHasher(secret: string) {
  const key = createHmac('sha256', secret).update('spam-token-key').digest('base64url');
  return (token: string) => hash('sha256', `${key}\n${token}`, 'base64url').slice(0, 16);
}

export type TokenHasher = ReturnType<typeof tokenHasher>;

/** The message totals, and the model's version: it grows with every change to any count. */
export type TrainingState = TrainingTotals & { version: number };

/** The counts of every token never learnt: one object, not one per token (fewer for the GC to copy). */
const unseen: TokenCounts = Object.freeze({ spam: 0, ham: 0 });

/** Token counts kept in memory at most; past it the cache starts again. */
const MAX_CACHED = 200_000;
/**
 * A token learnt from this many messages is a word many people write ("please", "gmail.com"), nobody's
 * data: its counts are kept by the token itself, which spares hashing it for every message.
 */
const COMMON_IN = 20;

/**
 * The classifier's counts in the database, which every instance shares. Counts read are kept in memory
 * for as long as the model's version stays the same, so the words most messages share are read once
 * per change to the model, by each instance, and never stale. Other tokens are kept only by their hash.
 * The version is read for every message (one read of a two-row table): an operator's mark on any
 * instance, or on the command line, changes the very next verdict everywhere (decision 041).
 */
export function tokenRepository(db: Db) {
  const cache = new Map<string, TokenCounts>();
  const common = new Map<string, TokenCounts>();
  let cachedVersion = -1;

  const changeTotal = (trx: Db, kind: TrainedAs, by: number) =>
    trx
      .updateTable('spam_training')
      .set((eb) => ({ messages: eb('messages', '+', by), changes: eb('changes', '+', 1) }))
      .where('kind', '=', kind)
      .execute();

  /** The counts of each hashed token, read from the database; unseen ones count zero. */
  async function read(hashes: readonly string[]): Promise<Map<string, TokenCounts>> {
    const given =
      databaseKind(db) === 'postgres'
        ? sql`unnest(${hashes}::text[]) as given(value)`
        : sql`json_each(${JSON.stringify(hashes)}) as given`;
    const { rows } = await sql<{ token: string; spam: number | string; ham: number | string }>`
      select token, spam, ham from ${given} join spam_tokens on spam_tokens.token = given.value`.execute(db);
    return new Map(rows.map((row) => [row.token, { spam: Number(row.spam), ham: Number(row.ham) }]));
  }

  return {
    /** The message totals and the model's version, as they are now. */
    async state(): Promise<TrainingState> {
      const rows = await db.selectFrom('spam_training').select(['kind', 'messages', 'changes']).execute();
      const of = (kind: TrainedAs) => Number(rows.find((row) => row.kind === kind)?.messages ?? 0);
      const version = rows.reduce((sum, row) => sum + Number(row.changes), 0);
      return { spam: of('spam'), ham: of('ham'), version };
    },

    /**
     * The counts of each token at `version`, in the order given; unseen ones count zero. What is not
     * cached is read in one statement, the hashes bound as one array (JSON for SQLite).
     */
    async counts(tokens: readonly string[], hashOf: TokenHasher, version: number): Promise<TokenCounts[]> {
      if (version !== cachedVersion || cache.size + common.size > MAX_CACHED) {
        cache.clear();
        common.clear();
        cachedVersion = version;
      }
      const hashes = tokens.map((token) => (common.has(token) ? undefined : hashOf(token)));
      const missing = hashes.filter((hash) => hash !== undefined && !cache.has(hash)) as string[];
      const inOrder = () =>
        tokens.map((token, index) => {
          const hash = hashes[index];
          if (hash === undefined) return common.get(token)!;
          const counts = cache.get(hash)!;
          if (counts.spam + counts.ham >= COMMON_IN) {
            common.set(token, counts);
            cache.delete(hash);
          }
          return counts;
        });
      if (missing.length === 0) return inOrder();
      const found = await read(missing);
      for (const hash of missing) cache.set(hash, found.get(hash) ?? unseen);
      return inOrder();
    },

    /**
     * Counts messages on the `kind` side, in the caller's transaction: `counted` says in how many of them
     * each hashed token occurs, so a whole training run is one statement per 500 tokens.
     */
    async add(trx: Db, kind: TrainedAs, counted: ReadonlyMap<string, number>, messages: number) {
      const other: TrainedAs = kind === 'spam' ? 'ham' : 'spam';
      for (const chunk of chunks([...counted])) {
        await trx
          .insertInto('spam_tokens')
          .values(chunk.map(([token, count]) => ({ token, [kind]: count, [other]: 0 }) as never))
          .onConflict((conflict) =>
            conflict.column('token').doUpdateSet((eb) => ({
              [kind]: eb(eb.ref(`spam_tokens.${kind}`), '+', eb.ref(`excluded.${kind}`)),
            })),
          )
          .execute();
      }
      await changeTotal(trx, kind, messages);
    },

    /** Takes one message's tokens off the `kind` side again (an operator changed their mind). */
    async remove(trx: Db, kind: TrainedAs, hashes: readonly string[]) {
      for (const chunk of chunks(hashes)) {
        await trx
          .updateTable('spam_tokens')
          .set((eb) => ({ [kind]: eb(eb.ref(kind), '-', 1) }))
          .where('token', 'in', chunk)
          .where(kind, '>', 0)
          .execute();
      }
      await changeTotal(trx, kind, -1);
    },

    /** Remembers on the message what it taught, in the caller's transaction, so it can be taken back. */
    async taught(trx: Db, messageId: string, kind: TrainedAs) {
      await trx.updateTable('messages').set({ trained_as: kind }).where('id', '=', messageId).execute();
    },
  };
}
