import type { Db } from '../db/database.js';
import { operatorMailRepository } from './operator-mail-repository.js';
import { passkeyRepository, type StoredPasskey } from './passkey-repository.js';
import { signInLinkRepository } from './sign-in-link-repository.js';

class Taken extends Error {}

/** Where a passkey was added from, for the mail that tells its operator. */
export type AddedFrom = { browser: string; ip: string };

/**
 * Uses up the ticket's link, stores its operator's new passkey and queues the mail that tells them, in
 * one transaction: a link is spent only on a passkey that was stored, and a credential id that is taken
 * already leaves the link as it was.
 */
export async function registerPasskey(
  db: Db,
  ticket: string,
  passkey: Omit<StoredPasskey, 'flaggedAt'>,
  from: AddedFrom,
): Promise<'registered' | 'link-spent' | 'passkey-taken'> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await signInLinkRepository(trx).consume(ticket, passkey.operatorId))) return 'link-spent';
      const at = new Date().toISOString();
      if (!(await passkeyRepository(trx).add(passkey, at))) throw new Taken();
      await operatorMailRepository(trx).enqueue(passkey.operatorId, 'passkey-added', {
        passkey: passkey.name,
        at,
        ...from,
      });
      return 'registered';
    });
  } catch (error) {
    if (error instanceof Taken) return 'passkey-taken';
    throw error;
  }
}
