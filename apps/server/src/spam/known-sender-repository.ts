import { normalEmail } from '@site/api-contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { isPublicMailDomain } from './public-mail-domains.js';
import { lowerCaseDomain } from './spam-text.js';

/**
 * Why a sender is known: the company answered the address, an operator marked its mail not spam, or
 * the company answered someone at its domain.
 */
export const knownBecause = ['answered', 'marked-not-spam', 'domain-answered'] as const;
export type KnownBecause = (typeof knownBecause)[number];

/** `%` and `_` match anything in LIKE: taken as themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Whom the company knows, read from the messages as they are now (an erased person is known no more).
 * Messages whose processing is restricted are left out. Each question is one indexed read; asked only of
 * a message the filter would silence.
 */
export function knownSenderRepository(db: Db) {
  const answered = db
    .selectFrom('replies')
    .innerJoin('messages', 'messages.id', 'replies.message_id')
    .select('replies.seq')
    .where('replies.status', '=', 'sent')
    .where('messages.restricted', '=', 0);

  return {
    /** Why the address is known, or undefined for a stranger. */
    async whyKnown(email: string): Promise<KnownBecause | undefined> {
      const address = normalEmail(email);
      if (await answered.where('messages.email', '=', address).limit(1).executeTakeFirst()) return 'answered';
      const marked = await db
        .selectFrom('messages')
        .select('id')
        .where('email', '=', address)
        .where('spam_mark', '=', 'not-spam')
        .where('restricted', '=', 0)
        .limit(1)
        .executeTakeFirst();
      if (marked) return 'marked-not-spam';
      const domain = lowerCaseDomain(address);
      if (!domain || isPublicMailDomain(domain)) return undefined;
      const colleague = await answered
        .where(sql<boolean>`messages.email like ${`%@${likeLiteral(domain)}`} escape '\\'`)
        .limit(1)
        .executeTakeFirst();
      return colleague ? 'domain-answered' : undefined;
    },
  };
}
