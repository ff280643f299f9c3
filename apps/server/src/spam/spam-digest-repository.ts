import type { Db } from '../db/database.js';
import { claimDue, type Outcome, outcomeChanges, pendingRow } from '../queue/leased-queue-repository.js';
import type { DigestDay } from './digest-schedule.js';
import { shownRepository } from './shown-repository.js';

/** The most messages one digest lists; the rest are counted, and stay unshown until someone opens them. */
export const DIGEST_MAX_LISTED = 200;

/** The daily spam digests (decision 040): one row a day, claimed and leased like the outbox (decision 007). */
export function spamDigestRepository(db: Db) {
  return {
    /** Queues the digest of `digest.day`, unless an instance did already: the day is the row's unique key. */
    async queue(digest: DigestDay, now: string): Promise<void> {
      await db
        .insertInto('spam_digests')
        .values({
          day: digest.day,
          window_start: digest.from,
          window_end: digest.to,
          ...pendingRow(now),
          listed: null,
          message_ids: null,
          sent_at: null,
        })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
    },

    /** When the next pending digest is due (or, leased by an instance, free again); undefined: none. */
    async nextAttemptAt(): Promise<string | undefined> {
      const row = await db
        .selectFrom('spam_digests')
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row?.at ?? undefined;
    },

    async claim(now: Date, leaseMs: number, limit: number) {
      return claimDue(db, 'spam_digests', { now, leaseMs, limit }, (trx, seqs) =>
        trx
          .selectFrom('spam_digests')
          .select(['seq', 'day', 'window_start', 'window_end', 'attempts'])
          .where('seq', 'in', seqs)
          .orderBy('seq')
          .execute(),
      );
    },

    /**
     * What the filter put in Spam from `from` until `to`, oldest first, and how many there were: not what
     * an operator marked spam (they have seen it). Mail-imported messages are among them.
     */
    async silenced(from: string, to: string) {
      const inWindow = db
        .selectFrom('messages')
        .where('spam', '=', 1)
        .where('received_at', '>=', from)
        .where('received_at', '<', to)
        .where((eb) => eb.or([eb('trained_as', 'is', null), eb('trained_as', '!=', 'spam')]));
      const messages = await inWindow
        .select([
          'id',
          'name',
          'email',
          'subject',
          'restricted',
          'spam_score',
          'spam_reasons',
          'received_at',
          'source',
        ])
        .orderBy('received_at')
        .orderBy('seq')
        .limit(DIGEST_MAX_LISTED)
        .execute();
      const count = await inWindow
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst();
      return { messages, total: Number(count?.count ?? 0) };
    },

    /** Queues every digest that was given up on again; returns how many. */
    async retryFailed(now = new Date().toISOString()): Promise<number> {
      const result = await db
        .updateTable('spam_digests')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now })
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The days whose sent digest listed one of these messages. */
    async daysListing(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('spam_digests')
        .select('day')
        // Message ids are UUIDs: nothing in them is a wildcard of LIKE.
        .where((eb) => eb.or(ids.map((id) => eb('message_ids', 'like', `%${id}%`))))
        .execute();
      return rows.map((row) => row.day);
    },

    /** Whether the sent digest of `day` listed a message stored no more (erased, or past retention). */
    async listedGone(day: string): Promise<boolean> {
      const row = await db
        .selectFrom('spam_digests')
        .select('message_ids')
        .where('day', '=', day)
        .executeTakeFirst();
      const ids = row?.message_ids ? row.message_ids.split(' ') : [];
      if (ids.length === 0) return false;
      const stored = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(stored?.count ?? 0) < ids.length;
    },

    /**
     * Records one attempt's outcome; a sent digest's messages were shown (`listed`, by id), in the same
     * transaction, so spam retention may delete them once they are old enough.
     */
    async record(seq: number, outcome: Outcome, listed: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const sent = 'sentAt' in outcome;
        await trx
          .updateTable('spam_digests')
          .set({
            ...outcomeChanges(outcome),
            ...(sent ? { listed: listed.length, message_ids: listed.join(' ') } : {}),
          })
          .where('seq', '=', seq)
          .execute();
        if (sent) await shownRepository(trx).mark(listed, outcome.sentAt);
      });
    },
  };
}

export type SilencedMessage = Awaited<
  ReturnType<ReturnType<typeof spamDigestRepository>['silenced']>
>['messages'][number];
