import { normalEmail } from '@site/api-contract';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database, MarketingConsentsTable, MessagesTable } from '../db/types.js';
import { DAY_MS } from '../time.js';

/** When the confirmation link for a box ticked at `requestedAt` stops working. */
export const consentExpiry = (requestedAt: string, days: number) =>
  new Date(Date.parse(requestedAt) + days * DAY_MS).toISOString();

/**
 * In the transaction that stores the message: records its ticked box as a pending consent, unless the
 * address opted out, has confirmed already, or has a link that still works. Returns whether a
 * confirmation mail is due, so however often the box is ticked an address gets one mail per link.
 */
export async function requestConsent(
  trx: Kysely<Database>,
  message: Pick<MessagesTable, 'id' | 'email' | 'received_at'>,
  days: number,
): Promise<boolean> {
  const email = normalEmail(message.email);
  const suppressed = await trx
    .selectFrom('suppressions')
    .select('email')
    .where('email', '=', email)
    .executeTakeFirst();
  if (suppressed) return false;
  const stored = await trx
    .insertInto('marketing_consents')
    .values({
      email,
      message_id: message.id,
      requested_at: message.received_at,
      expires_at: consentExpiry(message.received_at, days),
      confirmed_at: null,
    })
    .onConflict((conflict) =>
      conflict
        .column('email')
        .doUpdateSet((eb) => ({
          message_id: eb.ref('excluded.message_id'),
          requested_at: eb.ref('excluded.requested_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        .where('marketing_consents.confirmed_at', 'is', null)
        .whereRef('marketing_consents.expires_at', '<=', 'excluded.requested_at'),
    )
    .returning('email')
    .executeTakeFirst();
  return stored !== undefined;
}

export type ConsentState = 'pending' | 'confirmed' | 'expired';

const stateOf = (consent: MarketingConsentsTable, now: string): ConsentState =>
  consent.confirmed_at ? 'confirmed' : consent.expires_at > now ? 'pending' : 'expired';

/** The double opt-in records: confirmation, the subject-access view and the marketing audience. */
export function consentRepository(db: Db) {
  return {
    /**
     * Confirms the consent a link was made for, if it is still the address's consent and has not
     * expired; true once it is confirmed (a second press changes nothing).
     */
    async confirm(email: string, messageId: string, now = new Date().toISOString()): Promise<boolean> {
      const result = await db
        .updateTable('marketing_consents')
        .set((eb) => ({ confirmed_at: eb.fn.coalesce('confirmed_at', eb.val(now)) }))
        .where('email', '=', email)
        .where('message_id', '=', messageId)
        .where((eb) => eb.or([eb('confirmed_at', 'is not', null), eb('expires_at', '>', now)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The address's consent record and its state, or null. */
    async ofAddress(email: string, now = new Date().toISOString()) {
      const consent = await db
        .selectFrom('marketing_consents')
        .selectAll()
        .where('email', '=', normalEmail(email))
        .executeTakeFirst();
      return consent ? { ...consent, state: stateOf(consent, now) } : null;
    },

    /**
     * Confirmed addresses that are neither restricted nor suppressed, with the name they gave and the
     * language of the page they ticked the box on (the language to write to them in).
     */
    audience() {
      return db
        .selectFrom('marketing_consents')
        .innerJoin('messages', 'messages.id', 'marketing_consents.message_id')
        .select([
          'marketing_consents.email',
          'messages.name',
          'messages.language',
          'marketing_consents.requested_at',
          'marketing_consents.confirmed_at',
        ])
        .where('marketing_consents.confirmed_at', 'is not', null)
        .where('messages.restricted', '=', 0)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('suppressions')
                .select('suppressions.email')
                .whereRef('suppressions.email', '=', 'marketing_consents.email'),
            ),
          ),
        )
        .orderBy('marketing_consents.email')
        .$narrowType<{ confirmed_at: string }>()
        .execute();
    },
  };
}

export type ConsentRepository = ReturnType<typeof consentRepository>;
