import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import { normalEmail } from './operator-repository.js';
import { hashToken } from './secret-token.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export type LinkRateLimits = { perAddressPerHour: number; perIpPerHour: number };

/**
 * Requests for sign-in links, counted from stored rows like the contact form's limit (decision 004), so
 * it holds across instances. Unknown addresses count too: the answer must not tell them apart.
 */
export function signInRequests(db: Db, limits: LinkRateLimits) {
  const countSince = async (trx: Db, column: 'email_hash' | 'ip', value: string, since: string) => {
    const row = await trx
      .selectFrom('sign_in_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(column, '=', value)
      .where('requested_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  return {
    /**
     * Records the request; true when it is within both limits. Counted and stored in one transaction:
     * SQLite's takes the write lock as it begins; on PostgreSQL an advisory lock per address and per IP
     * (in a fixed order) makes a concurrent request for either wait until this one is stored.
     */
    async admit(email: string, ip: string, now = Date.now()): Promise<boolean> {
      const address = hashToken(normalEmail(email));
      const hourAgo = new Date(now - HOUR_MS).toISOString();
      return db.transaction().execute(async (trx) => {
        if (databaseKind(db) === 'postgres')
          for (const key of [`sign-in-email:${address}`, `sign-in-ip:${ip}`].sort())
            await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
        const within =
          (await countSince(trx, 'email_hash', address, hourAgo)) < limits.perAddressPerHour &&
          (await countSince(trx, 'ip', ip, hourAgo)) < limits.perIpPerHour;
        await trx
          .insertInto('sign_in_requests')
          .values({ email_hash: address, ip, requested_at: new Date(now).toISOString() })
          .execute();
        await trx
          .deleteFrom('sign_in_requests')
          .where('requested_at', '<', new Date(now - DAY_MS).toISOString())
          .execute();
        return within;
      });
    },
  };
}
