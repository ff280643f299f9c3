import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Mailer } from '../notifications/mailer.js';
import { auditLog, type AuditEntry } from './audit-log.js';
import { type Operator, operatorRepository } from './operator-repository.js';
import { signInMail, type SignInMailSettings } from './sign-in-mail.js';
import { signInLinkRepository } from './sign-in-link-repository.js';

/** The mailer did not take a sign-in link (SMTP refused or unreachable, the mail folder not writable). */
export class SignInMailError extends Error {}

/** Who acts: an operator in the inbox, or the command line (operatorId null). */
export type Actor = Pick<AuditEntry, 'operatorId' | 'via'>;

/** Inviting, mailing sign-in links to and revoking operators, each with its audit entry: for the CLI and the API. */
export function operatorAccess(db: Db, mailer: Mailer, mail: SignInMailSettings) {
  const operators = operatorRepository(db);
  const links = signInLinkRepository(db);
  const audit = auditLog(db);

  /** Mails a fresh one-time link; returns its token. */
  async function mailLink(operator: Operator): Promise<string> {
    const token = await links.create(operator.id, mail.linkMinutes);
    const host = new URL(mail.siteUrl).hostname;
    try {
      await mailer.deliver({
        ...signInMail(operator.email, token, mail),
        messageId: `<sign-in-${randomUUID()}@${host}>`,
      });
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
      await audit.record({ ...actor, action: 'operator.invite', target: operator.email });
      const token = await mailLink(operator);
      return { operator, created, token };
    },

    /** A link the operator asked for themselves (also to recover a lost passkey); nothing for anyone else. */
    async mailLinkIfOperator(email: string) {
      const operator = await operators.byEmail(email);
      if (!operator || operator.revoked_at) return;
      await mailLink(operator);
      await audit.record({ operatorId: operator.id, via: 'inbox', action: 'sign-in.link-mailed' });
    },

    revoke: (email: string, actor: Actor) => revokeOperator(db, email, actor),
  };
}

/** Revokes the operator (their sessions end at once) and records who did; needs no mailer. */
export async function revokeOperator(db: Db, email: string, actor: Actor) {
  const operator = await operatorRepository(db).revoke(email);
  if (operator) await auditLog(db).record({ ...actor, action: 'operator.revoke', target: operator.email });
  return operator;
}

export type OperatorAccess = ReturnType<typeof operatorAccess>;
