import type { Db } from '../db/database.js';
import { hashToken, isTokenShaped, randomToken } from '../security/secret-token.js';
import { DAY_MS } from '../time.js';

const MINUTE_MS = 60_000;

/** A link the operator opened: the ticket goes into a cookie, and lasts as long as the link would have. */
export type ClaimedLink = { ticket: string; operatorId: number; email: string; expiresAt: string };

/**
 * One-time sign-in links. The token goes out by mail; the database keeps only its hash. Opening the link
 * trades the token for a ticket at once (the token then works no more, so the copy the browser's history
 * keeps is dead); the ticket, in an HttpOnly cookie, makes the passkey while the link is good.
 */
export function signInLinkRepository(db: Db) {
  const live = (now: string) =>
    db
      .selectFrom('sign_in_links')
      .innerJoin('operators', 'operators.id', 'sign_in_links.operator_id')
      .select(['operators.id', 'operators.email', 'operators.name', 'sign_in_links.expires_at'])
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('operators.revoked_at', 'is', null);

  return {
    /**
     * A new link for the operator, mailed as `mailId`; their earlier unused links retire (expire now),
     * and a link a day past its expiry is deleted.
     */
    async create(operatorId: number, minutes: number, mailId: string, now = Date.now()): Promise<string> {
      const token = randomToken();
      const at = new Date(now).toISOString();
      await db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('sign_in_links')
          .where('expires_at', '<', new Date(now - DAY_MS).toISOString())
          .where('mail_id', 'is', null)
          .execute();
        await trx
          .updateTable('sign_in_links')
          .set({ expires_at: at })
          .where('operator_id', '=', operatorId)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .execute();
        await trx
          .insertInto('sign_in_links')
          .values({
            token_hash: hashToken(token),
            operator_id: operatorId,
            created_at: at,
            expires_at: new Date(now + minutes * MINUTE_MS).toISOString(),
            used_at: null,
            ticket_hash: null,
            mail_id: mailId,
          })
          .execute();
      });
      return token;
    },

    /** Trades a good link's token for a ticket; undefined for a token unknown, claimed, used or expired. */
    async claim(token: unknown, now = new Date().toISOString()): Promise<ClaimedLink | undefined> {
      if (!isTokenShaped(token)) return undefined;
      const ticket = randomToken();
      const link = await live(now)
        .where('token_hash', '=', hashToken(token))
        .where('ticket_hash', 'is', null)
        .executeTakeFirst();
      if (!link) return undefined;
      const claimed = await db
        .updateTable('sign_in_links')
        .set({ ticket_hash: hashToken(ticket) })
        .where('token_hash', '=', hashToken(token))
        .where('ticket_hash', 'is', null)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return undefined;
      return { ticket, operatorId: link.id, email: link.email, expiresAt: link.expires_at };
    },

    /** The operator of a ticket whose link is still good, without using it up. */
    async byTicket(ticket: string | undefined, now = new Date().toISOString()) {
      if (!isTokenShaped(ticket)) return undefined;
      return live(now).where('ticket_hash', '=', hashToken(ticket)).executeTakeFirst();
    },

    /** Uses up the ticket's link: true for exactly one caller, and only while it is good. */
    async consume(ticket: string, operatorId: number, now = new Date().toISOString()): Promise<boolean> {
      const result = await db
        .updateTable('sign_in_links')
        .set({ used_at: now })
        .where('ticket_hash', '=', hashToken(ticket))
        .where('operator_id', '=', operatorId)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The mails of links that no longer work (used, retired or expired) whose copies may still be held. */
    async deadMailIds(now = new Date().toISOString()): Promise<string[]> {
      const rows = await db
        .selectFrom('sign_in_links')
        .select('mail_id')
        .where('mail_id', 'is not', null)
        .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
        .execute();
      return rows.map((row) => row.mail_id!);
    },

    /** Deletes the operator's unused links (they are revoked); returns the mails that carried them. */
    async deleteUnused(operatorId: number): Promise<string[]> {
      const rows = await db
        .deleteFrom('sign_in_links')
        .where('operator_id', '=', operatorId)
        .where('used_at', 'is', null)
        .returning('mail_id')
        .execute();
      return rows.flatMap((row) => (row.mail_id ? [row.mail_id] : []));
    },

    /** The copies of these mails are gone. */
    async mailsWithdrawn(mailIds: string[]) {
      if (mailIds.length > 0)
        await db
          .updateTable('sign_in_links')
          .set({ mail_id: null })
          .where('mail_id', 'in', mailIds)
          .execute();
    },
  };
}
