import type { Db } from '../db/database.js';
import { hashToken, isTokenShaped, randomToken } from './secret-token.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** One-time sign-in links. The token goes out by mail; the database keeps only its hash. */
export function signInLinkRepository(db: Db) {
  const live = (token: string, now: string) =>
    db
      .selectFrom('sign_in_links')
      .innerJoin('operators', 'operators.id', 'sign_in_links.operator_id')
      .select(['operators.id', 'operators.email'])
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('operators.revoked_at', 'is', null);

  return {
    async create(operatorId: number, minutes: number, now = Date.now()): Promise<string> {
      const token = randomToken();
      // Links a day past their expiry are of no use, not even to explain a refusal.
      await db
        .deleteFrom('sign_in_links')
        .where('expires_at', '<', new Date(now - DAY_MS).toISOString())
        .execute();
      await db
        .insertInto('sign_in_links')
        .values({
          token_hash: hashToken(token),
          operator_id: operatorId,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + minutes * MINUTE_MS).toISOString(),
          used_at: null,
        })
        .execute();
      return token;
    },

    /** The operator of a link that is still good, without using it up. */
    async peek(token: unknown, now = new Date().toISOString()) {
      if (!isTokenShaped(token)) return undefined;
      return live(token, now).executeTakeFirst();
    },

    /** Uses up the link: true for exactly one caller, and only while it is good. */
    async consume(token: string, operatorId: number, now = new Date().toISOString()): Promise<boolean> {
      const result = await db
        .updateTable('sign_in_links')
        .set({ used_at: now })
        .where('token_hash', '=', hashToken(token))
        .where('operator_id', '=', operatorId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type SignInLinkRepository = ReturnType<typeof signInLinkRepository>;
