import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import type { SignInRequestsTable } from '../db/types.js';

type Kind = SignInRequestsTable['kind'];

/** The stored sign-in requests the sign-in rate limits count (sign-in-requests.ts). */
export function signInRequestRepository(db: Db) {
  return {
    /**
     * In a transaction, makes a concurrent one for the same client address wait until this one ends: on
     * PostgreSQL by an advisory lock per address; SQLite's transaction took the write lock as it began.
     */
    async lockClient(ip: string) {
      if (databaseKind(db) === 'postgres')
        await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${ip}`}, 0))`.execute(db);
    },

    /** The requests of these kinds from the client address since `since`, for one address's hash if given. */
    async count(ip: string, kinds: readonly Kind[], since: string, emailHash?: string) {
      let query = db
        .selectFrom('sign_in_requests')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('kind', 'in', kinds)
        .where('ip', '=', ip)
        .where('requested_at', '>', since);
      if (emailHash) query = query.where('email_hash', '=', emailHash);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    /** Whether the client address was refused since `since`. */
    refusedSince: async (ip: string, since: string) =>
      (await db
        .selectFrom('sign_in_requests')
        .select('seq')
        .where('kind', '=', 'refused')
        .where('ip', '=', ip)
        .where('requested_at', '>', since)
        .executeTakeFirst()) !== undefined,

    /** Stores a request, and deletes those made before `keepSince`, which no limit counts any more. */
    async store(
      request: {
        kind: Kind;
        ip: string;
        requested_at: string;
        email_hash: string | null;
        challenge: string | null;
      },
      keepSince: string,
    ) {
      await db.insertInto('sign_in_requests').values(request).execute();
      await db.deleteFrom('sign_in_requests').where('requested_at', '<', keepSince).execute();
    },

    /** The passkey sign-in begun with this challenge no longer counts (only one begun from `ip`, if given). */
    async forgetChallenge(challenge: string, ip?: string) {
      await db
        .deleteFrom('sign_in_requests')
        .where('challenge', '=', challenge)
        .$if(ip !== undefined, (query) => query.where('ip', '=', ip!))
        .execute();
    },
  };
}
