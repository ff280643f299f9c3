import type { Db } from '../db/database.js';
import type { ChallengePurpose } from '../db/types.js';

/** How long a browser has between asking for WebAuthn options and answering them. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * WebAuthn challenges kept in the database, so the instance that verifies need not be the one that
 * issued; each works once and only until it expires.
 */
export function challengeRepository(db: Db) {
  return {
    async issue(challenge: string, purpose: ChallengePurpose, operatorId: number | null, now = Date.now()) {
      await db
        .deleteFrom('webauthn_challenges')
        .where('expires_at', '<', new Date(now).toISOString())
        .execute();
      await db
        .insertInto('webauthn_challenges')
        .values({
          challenge,
          purpose,
          operator_id: operatorId,
          expires_at: new Date(now + CHALLENGE_TTL_MS).toISOString(),
        })
        .execute();
    },

    /** Deletes the challenge; true when it was issued for this purpose (and operator) and still good. */
    async consume(
      challenge: string,
      purpose: ChallengePurpose,
      operatorId: number | null,
      now = new Date().toISOString(),
    ): Promise<boolean> {
      const row = await db
        .deleteFrom('webauthn_challenges')
        .where('challenge', '=', challenge)
        .returningAll()
        .executeTakeFirst();
      return Boolean(
        row && row.purpose === purpose && row.operator_id === operatorId && row.expires_at > now,
      );
    },
  };
}
