import type { Db } from '../db/database.js';
import { normalEmail } from './operator-repository.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export type LinkRateLimits = { perAddressPerHour: number; perIpPerHour: number };

/**
 * Requests for sign-in links, counted from stored rows like the contact form's limit (decision 004), so
 * it holds across instances. Unknown addresses count too: the answer must not tell them apart.
 */
export function signInRequests(db: Db, limits: LinkRateLimits) {
  const countSince = async (column: 'email' | 'ip', value: string, since: string) => {
    const row = await db
      .selectFrom('sign_in_requests')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(column, '=', value)
      .where('requested_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  return {
    /** Records the request; true when it is within both limits. */
    async admit(email: string, ip: string, now = Date.now()): Promise<boolean> {
      const address = normalEmail(email);
      const hourAgo = new Date(now - HOUR_MS).toISOString();
      const within =
        (await countSince('email', address, hourAgo)) < limits.perAddressPerHour &&
        (await countSince('ip', ip, hourAgo)) < limits.perIpPerHour;
      await db
        .insertInto('sign_in_requests')
        .values({ email: address, ip, requested_at: new Date(now).toISOString() })
        .execute();
      await db
        .deleteFrom('sign_in_requests')
        .where('requested_at', '<', new Date(now - DAY_MS).toISOString())
        .execute();
      return within;
    },
  };
}
