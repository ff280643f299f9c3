import type { SpamReason } from '@site/api-contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { reasonFor } from './reasons.js';
import { notLetters } from './spam-text.js';
import type { TokenHasher } from './token-store.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Shorter texts ("Please call me back") are sent alike by different people. */
const MIN_LETTERS = 40;

/**
 * The normalised text reduced to its letters, keyed-hashed: the same or nearly the same text (other
 * spacing, punctuation, digits, case) gives the same fingerprint; null for a short text.
 */
export function textFingerprint(normalBody: string, hashOf: TokenHasher): string | null {
  if (normalBody.length < MIN_LETTERS) return null;
  const letters = normalBody.replace(notLetters, '');
  return letters.length >= MIN_LETTERS ? hashOf(`text:${letters}`) : null;
}

/** The same text sent from other addresses within a day: one campaign, pasted by a bot or a paid hand. */
export async function repetitionSignals(
  db: Db,
  fingerprint: string,
  email: string,
  now: number,
): Promise<SpamReason[]> {
  const row = await db
    .selectFrom('messages')
    .select(sql<number | string>`count(distinct lower(email))`.as('senders'))
    .where('text_fingerprint', '=', fingerprint)
    .where('received_at', '>=', new Date(now - DAY_MS).toISOString())
    .where(sql<boolean>`lower(email) <> ${email.toLowerCase()}`)
    .executeTakeFirst();
  const senders = Number(row?.senders ?? 0);
  if (senders === 0) return [];
  return [
    reasonFor(
      'repeated-text',
      senders >= 3 ? 4 : 2,
      `the same text came from ${senders} other address(es) in the last 24 hours`,
    ),
  ];
}
