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

/** The state that `spam_training`'s rows (one a side) say. */
export function trainingStateOf(
  rows: readonly {
    kind: TrainedAs | null;
    messages: number | string | null;
    changes: number | string | null;
  }[],
): TrainingState {
  const of = (kind: TrainedAs) => Number(rows.find((row) => row.kind === kind)?.messages ?? 0);
  const version = rows.reduce((sum, row) => sum + Number(row.changes ?? 0), 0);
  return { spam: of('spam'), ham: of('ham'), version };
}

/**
 * The classifier's counts in the database, which every instance shares, and the model's version: it
 * grows with every change to any count, in the same transaction. What each instance keeps of them in
 * memory is token-counts.ts's.
 */
export function tokenRepository(db: Db) {
  const changeTotal = (trx: Db, kind: TrainedAs, by: number) =>
    trx
      .updateTable('spam_training')
      .set((eb) => ({ messages: eb('messages', '+', by), changes: eb('changes', '+', 1) }))
      .where('kind', '=', kind)
      .execute();

  const byToken = (rows: { token: string; spam: number | string; ham: number | string }[]) =>
    new Map(rows.map((row) => [row.token, { spam: Number(row.spam), ham: Number(row.ham) }]));

  return {
    /** The message totals and the model's version, as they are now. */
    async state(): Promise<TrainingState> {
      return trainingStateOf(
        await db.selectFrom('spam_training').select(['kind', 'messages', 'changes']).execute(),
      );
    },

    /**
     * The counts of the hashed tokens that were ever learnt, in one statement, the hashes bound as one
     * array (JSON for SQLite); a token missing from the answer was never learnt.
     */
    async countsOf(hashes: readonly string[]): Promise<Map<string, TokenCounts>> {
      const given =
        databaseKind(db) === 'postgres'
          ? sql`unnest(${hashes}::text[]) as given(value)`
          : sql`json_each(${JSON.stringify(hashes)}) as given`;
      const { rows } = await sql<{ token: string; spam: number | string; ham: number | string }>`
        select token, spam, ham from ${given} join spam_tokens on spam_tokens.token = given.value`.execute(
        db,
      );
      return byToken(rows);
    },

    /** The counts of every token ever learnt, by hashed token. */
    async everyCount(): Promise<Map<string, TokenCounts>> {
      return byToken(await db.selectFrom('spam_tokens').select(['token', 'spam', 'ham']).execute());
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

    /**
     * Takes one message's tokens off the `kind` side again, as `weight` messages (an operator changed
     * their mind); no count falls below zero.
     */
    async remove(trx: Db, kind: TrainedAs, hashes: readonly string[], weight: number) {
      for (const chunk of chunks(hashes)) {
        await trx
          .updateTable('spam_tokens')
          .set((eb) => ({
            [kind]: eb
              .case()
              .when(eb.ref(kind), '>', weight)
              .then(eb(eb.ref(kind), '-', weight))
              .else(0)
              .end(),
          }))
          .where('token', 'in', chunk)
          .where(kind, '>', 0)
          .execute();
      }
      await changeTotal(trx, kind, -weight);
    },

    /**
     * Remembers on the message what it taught and as how many messages, in the caller's transaction, so
     * it can be taken back.
     */
    async taught(trx: Db, messageId: string, kind: TrainedAs, weight: number) {
      await trx
        .updateTable('messages')
        .set({ trained_as: kind, trained_weight: weight })
        .where('id', '=', messageId)
        .execute();
    },
  };
}
