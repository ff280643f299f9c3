import { type Actor, type AuditLog, subjectReference } from '../audit/audit-log.js';
import { consentRepository } from '../consent/consent-repository.js';
import type { Db } from '../db/database.js';
import type { DataSubjects, Erasure, Removal } from './data-subject-repository.js';

/**
 * The GDPR requests a person makes of the company, and the deletions the company makes itself, for the
 * inbox and the command line alike: each does what is asked and writes its audit entry, naming the
 * person only by the keyed reference (audit-log.ts), never by address.
 */
export function privacyService(db: Db, subjects: DataSubjects, audit: AuditLog, secret: () => string) {
  const consents = consentRepository(db);
  const record = (actor: Actor, action: string, email: string, outcome?: string) => {
    const reference = subjectReference(email, secret());
    return audit.record({ ...actor, action, target: outcome ? `${reference}: ${outcome}` : reference });
  };

  return {
    /** Everything held about the address (article 15). */
    async access(email: string, actor: Actor) {
      const report = await subjects.access(email);
      await record(actor, 'subject-access', email, `${report.messages.length} message(s)`);
      return report;
    },

    /** Every trace of the address (article 17). */
    async erase(email: string, actor: Actor): Promise<Erasure> {
      const removal = await subjects.erase(email);
      await record(
        actor,
        'erase',
        email,
        `${removal.messages} message(s), ${removal.answers} answer(s) by mail, ${removal.notificationFiles} notification file(s)`,
      );
      return removal;
    },

    /** Kept, but left out of exports and marketing (article 18): how many messages. */
    async restrict(email: string, actor: Actor): Promise<number> {
      const messages = await subjects.restrict(email);
      await record(actor, 'restrict', email, `${messages} message(s)`);
      return messages;
    },

    /** Marketing consent withdrawn and the address suppressed (article 21). */
    async optOut(email: string, actor: Actor): Promise<void> {
      await subjects.optOut(email);
      await record(actor, 'opt-out', email);
    },

    /** Messages received before `before` (ISO time) deleted with their copies, as retention does. */
    async purgeReceivedBefore(before: string, actor: Actor): Promise<Removal> {
      const removal = await subjects.purgeReceivedBefore(before);
      await audit.record({
        ...actor,
        action: 'purge',
        target: `${removal.messages} message(s) received before ${before}`,
      });
      return removal;
    },

    /** The confirmed marketing audience, with names and addresses: for the mailing tool. */
    async marketingAudience(actor: Actor) {
      const audience = await consents.audience();
      await audit.record({ ...actor, action: 'marketing-list', target: `${audience.length} address(es)` });
      return audience;
    },
  };
}

export type PrivacyService = ReturnType<typeof privacyService>;
