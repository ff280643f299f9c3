import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/types.js';
import type { Mailer } from '../queue/mailer.js';
import { type Actor, auditLog, operatorTarget, passkeyTarget } from '../audit/audit-log.js';
import { operatorMailRepository } from './operator-mail-repository.js';
import { type Operator, operatorRepository } from './operator-repository.js';
import { passkeyRepository } from './passkey-repository.js';
import { signInLinkRepository } from './sign-in-link-repository.js';
import { signInMailId } from '../queue/mail-ids.js';
import { signInMail, type SignInMailSettings } from './sign-in-mail.js';

/** The mailer did not take a sign-in link (SMTP refused or unreachable, the mail folder not writable). */
export class SignInMailError extends Error {}

/**
 * Who may sign in, for the CLI and the API alike, each change with its audit entry: inviting, queueing
 * the links operators ask for, revoking, and each operator's passkeys.
 */
export function operatorAccess(db: Db, mailer: Mailer, mail: SignInMailSettings) {
  const operators = operatorRepository(db);
  const links = signInLinkRepository(db);
  const passkeys = passkeyRepository(db);
  const audit = auditLog(db);

  /** Mails a fresh one-time link at once (earlier unused ones retire); returns its token. */
  async function mailLink(operator: Operator): Promise<string> {
    const mailId = signInMailId(mail.siteUrl);
    const token = await links.create(operator.id, mail.linkMinutes, mailId);
    try {
      await mailer.deliver(signInMail(operator.email, token, mailId, mail));
    } catch (error) {
      throw new SignInMailError(error instanceof Error ? error.message : String(error), { cause: error });
    }
    return token;
  }

  return {
    operators,

    /** Makes (or reinstates) the operator and mails them a sign-in link. */
    async invite(email: string, actor: Actor) {
      const { operator, created } = await operators.ensure(email);
      // Recorded before the mail goes: the operator is added (or reinstated) even if it fails.
      await audit.record({ ...actor, action: 'operator.invite', target: operatorTarget(operator.id) });
      const token = await mailLink(operator);
      return { operator, created, token };
    },

    /**
     * A link the operator asked for themselves (also to recover a lost passkey), queued in the request's
     * transaction and made and mailed by the mail worker; nothing for anyone else.
     */
    async queueLinkIfOperator(trx: Transaction<Database>, email: string) {
      const operator = await operatorRepository(trx).byEmail(email);
      if (operator && !operator.revoked_at)
        await operatorMailRepository(trx).enqueue(operator.id, 'sign-in-link', {});
    },

    /** Revokes the operator: sessions end, passkeys and unused links go, and so do the copies of their mails. */
    async revoke(email: string, actor: Actor) {
      const revoked = await operators.revoke(email);
      if (!revoked) return undefined;
      for (const mailId of revoked.linkMails) await mailer.withdraw(mailId);
      await audit.record({
        ...actor,
        action: 'operator.revoke',
        target: operatorTarget(revoked.operator.id),
      });
      return revoked.operator;
    },

    /** The operator's passkeys without their keys. */
    passkeysOf: (operatorId: number) => passkeys.listOf(operatorId),

    /** Deletes one of the operator's passkeys and ends the sessions it started; false when it is not theirs. */
    async removePasskey(operatorId: number, credentialId: string, actor: Actor) {
      const removed = await passkeys.remove(operatorId, credentialId);
      if (removed)
        await audit.record({
          ...actor,
          action: 'passkey.remove',
          target: passkeyTarget(operatorId, credentialId),
        });
      return removed;
    },

    /** The name visitors see on the operator's replies ("Anna at Example Digital"). */
    async setName(operatorId: number, name: string, actor: Actor) {
      await operators.setName(operatorId, name);
      await audit.record({ ...actor, action: 'operator.name', target: operatorTarget(operatorId) });
    },

    async renamePasskey(operatorId: number, credentialId: string, name: string, actor: Actor) {
      const renamed = await passkeys.rename(operatorId, credentialId, name);
      if (renamed)
        await audit.record({
          ...actor,
          action: 'passkey.rename',
          target: passkeyTarget(operatorId, credentialId),
        });
      return renamed;
    },
  };
}
