import { normalEmail } from '@site/api-contract';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, SignInRequestsTable } from '../db/types.js';
import { keyedHash } from '../security/secret-token.js';
import { DAY_MS } from '../time.js';
import { signInRequestRepository } from './sign-in-request-repository.js';

const HOUR_MS = 60 * 60_000;

/** Per hour: links one address may be sent at one client address's request, links one client address may ask for, and sign-in attempts one client address may leave unfinished or fail. */
export type SignInRateLimits = { linksPerAddress: number; linksPerIp: number; attemptsPerIp: number };

type Kind = SignInRequestsTable['kind'];
type Check = { kinds: Kind[]; emailHash?: string; limit: number };

/** What failed sign-in attempts and passkey sign-ins begun and not finished count against. */
const attempts: Kind[] = ['passkey', 'failure'];

/**
 * The sign-in rate limits, counted from stored rows like the contact form's (decision 004), so they
 * hold across instances. Only what is admitted is stored and counted: a client refused with 429 spends
 * nobody's allowance. Every count includes the client address, so a stranger cannot use up the links
 * an operator may ask for from their own; a passkey sign-in that succeeds stops counting, so an office
 * behind one address is limited by its failures only.
 */
export function signInRequests(db: Db, limits: SignInRateLimits, secret: string) {
  const emailHashOf = (email: string) => keyedHash(secret, 'sign-in-link', normalEmail(email));
  const hourAgo = (now: number) => new Date(now - HOUR_MS).toISOString();

  /**
   * Runs `work` in one transaction with the client address's requests counted first: SQLite's takes
   * the write lock as it begins; on PostgreSQL an advisory lock per client address makes a concurrent
   * request from it wait until this one is stored.
   */
  const locked = <T>(ip: string, work: (trx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(async (trx) => {
      await signInRequestRepository(trx).lockClient(ip);
      return work(trx);
    });

  const within = async (trx: Db, ip: string, checks: Check[], now: number) => {
    for (const { kinds, emailHash, limit } of checks)
      if ((await signInRequestRepository(trx).count(ip, kinds, hourAgo(now), emailHash)) >= limit)
        return false;
    return true;
  };

  const store = async (
    trx: Transaction<Database>,
    kind: Kind,
    ip: string,
    now: number,
    extra: { email_hash?: string; challenge?: string } = {},
  ) =>
    signInRequestRepository(trx).store(
      {
        kind,
        ip,
        requested_at: new Date(now).toISOString(),
        email_hash: extra.email_hash ?? null,
        challenge: extra.challenge ?? null,
      },
      new Date(now - DAY_MS).toISOString(),
    );

  return {
    /**
     * A sign-in link asked for: within the limits, it is stored and `then` runs in the same transaction,
     * so an operator's address and a stranger's cost the answer the same one commit.
     */
    admitLink(
      email: string,
      ip: string,
      then: (trx: Transaction<Database>) => Promise<void>,
      now = Date.now(),
    ): Promise<boolean> {
      const emailHash = emailHashOf(email);
      return locked(ip, async (trx) => {
        const checks = [
          { kinds: ['link'], emailHash, limit: limits.linksPerAddress },
          { kinds: ['link'], limit: limits.linksPerIp },
        ] satisfies Check[];
        if (!(await within(trx, ip, checks, now))) return false;
        await store(trx, 'link', ip, now, { email_hash: emailHash });
        await then(trx);
        return true;
      });
    },

    /** A passkey sign-in begun with this challenge, unless the client address failed too often. */
    admitPasskey(ip: string, challenge: string, now = Date.now()): Promise<boolean> {
      return locked(ip, async (trx) => {
        if (!(await within(trx, ip, [{ kinds: attempts, limit: limits.attemptsPerIp }], now))) return false;
        await store(trx, 'passkey', ip, now, { challenge });
        return true;
      });
    },

    /**
     * Whether the client address may try a link or a passkey now (it has not failed too often): a read,
     * so no lock; the failure it may lead to is counted under the lock.
     */
    mayAttempt(ip: string, now = Date.now()): Promise<boolean> {
      return within(db, ip, [{ kinds: attempts, limit: limits.attemptsPerIp }], now);
    },

    /** A failed attempt: it counts, instead of the passkey sign-in it may have begun. */
    failed(ip: string, challenge?: string, now = Date.now()): Promise<void> {
      return locked(ip, async (trx) => {
        // The client names the challenge: only a sign-in begun from its own address stops counting.
        if (challenge) await signInRequestRepository(trx).forgetChallenge(challenge, ip);
        await store(trx, 'failure', ip, now);
      });
    },

    /** The passkey sign-in of this (verified) challenge succeeded: it no longer counts. */
    async succeeded(challenge: string): Promise<void> {
      await signInRequestRepository(db).forgetChallenge(challenge);
    },

    /** True the first time in an hour that the client address is refused: that refusal is audited, later ones not. */
    firstRefusal(ip: string, now = Date.now()): Promise<boolean> {
      return locked(ip, async (trx) => {
        if (await signInRequestRepository(trx).refusedSince(ip, hourAgo(now))) return false;
        await store(trx, 'refused', ip, now);
        return true;
      });
    },
  };
}
