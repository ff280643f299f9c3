import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import type { SignInRequestsTable } from '../db/types.js';
import { normalEmail } from './operator-repository.js';
import { hashToken } from './secret-token.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** Requests per hour. */
export type SignInRateLimits = { linksPerAddress: number; linksPerIp: number; passkeyPerIp: number };

type Check = [column: 'email_hash' | 'ip', value: string, limit: number];

/**
 * Requests for sign-in links and passkey sign-ins, counted from stored rows like the contact form's
 * limit (decision 004), so the limits hold across instances. Unknown addresses count too: the answer
 * must not tell them apart.
 */
export function signInRequests(db: Db, limits: SignInRateLimits) {
  /**
   * Records the request; true when it is within every limit. Counted and stored in one transaction:
   * SQLite's takes the write lock as it begins; on PostgreSQL an advisory lock per counted value (in a
   * fixed order) makes a concurrent request for the same one wait until this one is stored.
   */
  const admit = (
    kind: SignInRequestsTable['kind'],
    emailHash: string | null,
    ip: string,
    checks: Check[],
    now: number,
  ) =>
    db.transaction().execute(async (trx) => {
      if (databaseKind(db) === 'postgres')
        for (const key of checks.map(([column, value]) => `sign-in-${kind}-${column}:${value}`).sort())
          await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
      let within = true;
      for (const [column, value, limit] of checks) {
        const row = await trx
          .selectFrom('sign_in_requests')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('kind', '=', kind)
          .where(column, '=', value)
          .where('requested_at', '>', new Date(now - HOUR_MS).toISOString())
          .executeTakeFirstOrThrow();
        within &&= Number(row.count) < limit;
      }
      await trx
        .insertInto('sign_in_requests')
        .values({ kind, email_hash: emailHash, ip, requested_at: new Date(now).toISOString() })
        .execute();
      await trx
        .deleteFrom('sign_in_requests')
        .where('requested_at', '<', new Date(now - DAY_MS).toISOString())
        .execute();
      return within;
    });

  return {
    /** A sign-in link asked for: limited per address and per client IP. */
    admitLink(email: string, ip: string, now = Date.now()): Promise<boolean> {
      const emailHash = hashToken(normalEmail(email));
      return admit(
        'link',
        emailHash,
        ip,
        [
          ['email_hash', emailHash, limits.linksPerAddress],
          ['ip', ip, limits.linksPerIp],
        ],
        now,
      );
    },

    /** A passkey sign-in begun (its options asked for): limited per client IP. */
    admitPasskey(ip: string, now = Date.now()): Promise<boolean> {
      return admit('passkey', null, ip, [['ip', ip, limits.passkeyPerIp]], now);
    },
  };
}
