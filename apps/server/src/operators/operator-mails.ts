import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Db } from '../db/database.js';
import { type MailSource, mailSource } from '../queue/mail-source.js';
import { auditLog } from '../audit/audit-log.js';
import type { Mailer } from '../queue/mailer.js';
import { type QueuedOperatorMail, operatorMailRepository } from './operator-mail-repository.js';
import { operatorRepository } from './operator-repository.js';
import { passkeyAddedMail, passkeyFlaggedMail } from './passkey-mails.js';
import { signInLinkRepository } from './sign-in-link-repository.js';
import { signInMailId } from '../queue/mail-ids.js';
import { signInMail, type SignInMailSettings } from './sign-in-mail.js';

/**
 * The queue of mails to operators, for the mail worker: a sign-in link they asked for (made only as it
 * is sent, so the request that asked for it did the same work whoever it named), and news about their
 * passkeys. After a round, at most every `sweepEveryMs` (a link lives minutes), the copies of sign-in mails whose links no longer work are
 * taken back.
 */
export function operatorMails(
  db: Db,
  mailer: Mailer,
  settings: SignInMailSettings,
  sweepEveryMs: number,
): MailSource {
  const queue = operatorMailRepository(db);
  const operators = operatorRepository(db);
  const links = signInLinkRepository(db);
  const audit = auditLog(db);

  const mailOf = async (row: QueuedOperatorMail): Promise<Mail.Options | null> => {
    const operator = await operators.byId(row.operatorId);
    if (!operator || operator.revoked_at) return null;
    if (row.kind === 'passkey-added') return passkeyAddedMail(operator.email, row.details, settings);
    if (row.kind === 'passkey-flagged') return passkeyFlaggedMail(operator.email, row.details, settings);
    const mailId = signInMailId(settings.siteUrl);
    const token = await links.create(operator.id, settings.linkMinutes, mailId);
    await audit.record({ operatorId: operator.id, via: 'inbox', action: 'sign-in.link-mailed' });
    return signInMail(operator.email, token, mailId, settings);
  };

  let sweptAt = 0;

  return {
    ...mailSource(
      // The worker runs after every stored message: a flood of them must not pay for a transaction here.
      async (now, leaseMs, limit) => ((await queue.anyDue(now)) ? queue.claim(now, leaseMs, limit) : []),
      (row) => ({
        log: { operatorId: row.operatorId, kind: row.kind },
        mail: () => mailOf(row),
        record: (outcome) => queue.record(row.seq, outcome),
      }),
    ),

    async afterRound() {
      if (Date.now() - sweptAt < sweepEveryMs) return;
      sweptAt = Date.now();
      const dead = await links.deadMailIds();
      for (const mailId of dead) await mailer.withdraw(mailId);
      await links.mailsWithdrawn(dead);
    },
  };
}
