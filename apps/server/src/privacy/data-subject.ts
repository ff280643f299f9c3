import { sql } from 'kysely';
import { consentRepository } from '../consent/consent-repository.js';
import type { Db } from '../db/database.js';

const sameAddress = (email: string) => sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`;

/** What GDPR lets a person ask of us, for the address they write from. */
export function dataSubjects(db: Db) {
  const messageIds = (email: string) => db.selectFrom('messages').select('id').where(sameAddress(email));

  return {
    /** Everything held about the address. */
    async access(email: string) {
      const messages = await db
        .selectFrom('messages')
        .selectAll()
        .where(sameAddress(email))
        .orderBy('seq')
        .execute();
      const notifications = await db
        .selectFrom('outbox')
        .selectAll()
        .where('message_id', 'in', messageIds(email))
        .orderBy('seq')
        .execute();
      const suppression = await db
        .selectFrom('suppressions')
        .selectAll()
        .where(sameAddress(email))
        .executeTakeFirst();
      const marketingConsent = await consentRepository(db).ofAddress(email);
      return { email, messages, notifications, marketingConsent, marketingOptOut: suppression ?? null };
    },

    /** Deletes every trace of the address; returns how many messages went. */
    async erase(email: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('outbox')
          .where('message_id', 'in', trx.selectFrom('messages').select('id').where(sameAddress(email)))
          .execute();
        const deleted = await trx.deleteFrom('messages').where(sameAddress(email)).executeTakeFirst();
        await trx.deleteFrom('suppressions').where(sameAddress(email)).execute();
        return Number(deleted.numDeletedRows);
      });
    },

    /** Keeps the data but leaves it out of exports and marketing; returns how many messages. */
    async restrict(email: string): Promise<number> {
      const result = await db
        .updateTable('messages')
        .set({ restricted: 1 })
        .where(sameAddress(email))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Opt-out of marketing: withdraws the consent and adds the address to the suppression list. */
    async optOut(email: string, now = new Date().toISOString()): Promise<void> {
      const address = email.trim().toLowerCase();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('messages')
          .set({ marketing_consent: 0, consent_at: null })
          .where(sameAddress(address))
          .execute();
        await trx.deleteFrom('marketing_consents').where('email', '=', address).execute();
        await trx
          .insertInto('suppressions')
          .values({ email: address, created_at: now })
          .onConflict((conflict) => conflict.column('email').doNothing())
          .execute();
      });
    },

    /** Retention: deletes messages received before `before` (ISO time); returns how many. */
    async purgeReceivedBefore(before: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const old = trx.selectFrom('messages').select('id').where('received_at', '<', before);
        await trx.deleteFrom('outbox').where('message_id', 'in', old).execute();
        const deleted = await trx.deleteFrom('messages').where('received_at', '<', before).executeTakeFirst();
        return Number(deleted.numDeletedRows);
      });
    },
  };
}

export type DataSubjects = ReturnType<typeof dataSubjects>;
