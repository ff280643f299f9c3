import type { Db } from '../db/database.js';
import { passkeyRepository, type StoredPasskey } from './passkey-repository.js';
import { signInLinkRepository } from './sign-in-link-repository.js';

class Taken extends Error {}

/**
 * Uses up the link and stores its operator's new passkey in one transaction: a link is spent only on a
 * passkey that was stored, and a credential id that is taken already leaves the link as it was.
 */
export async function registerPasskey(
  db: Db,
  token: string,
  passkey: StoredPasskey,
): Promise<'registered' | 'link-spent' | 'passkey-taken'> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await signInLinkRepository(trx).consume(token, passkey.operatorId))) return 'link-spent';
      if (!(await passkeyRepository(trx).add(passkey))) throw new Taken();
      return 'registered';
    });
  } catch (error) {
    if (error instanceof Taken) return 'passkey-taken';
    throw error;
  }
}
