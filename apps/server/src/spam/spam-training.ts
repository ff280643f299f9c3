import type { Db } from '../db/database.js';
import type { MessageRow, TrainedAs } from '../db/types.js';
import { messageTokens, type SpamText } from './spam-text.js';
import { tokenHasher, tokenRepository } from './token-repository.js';

/** What the filter reads of a stored message. */
export const spamTextOf = (row: Pick<MessageRow, 'name' | 'email' | 'subject' | 'message'>): SpamText => ({
  name: row.name,
  email: row.email,
  subject: row.subject,
  body: row.message,
});

/**
 * How many messages an operator's Spam or Not spam mark counts as: a correction by someone who read the
 * message teaches more than a mail `train` imports. bench:spam-cv's learning curve chose it (decision
 * 055); each mark keeps its weight, so taking it back takes back what it taught.
 */
export const MARK_WEIGHT = 3;

/**
 * How the classifier learns: from the operators' Spam and Not spam marks, and from mail files the
 * company already sorted. Counts change by keyed token hash only.
 */
export function spamTraining(db: Db, secret: () => string) {
  const store = tokenRepository(db);
  let hasher: ReturnType<typeof tokenHasher> | undefined;
  const hashesOf = (text: SpamText) => {
    hasher ??= tokenHasher(secret());
    return messageTokens(text).map(hasher);
  };

  return {
    /**
     * Learns a stored message as `kind` in the caller's transaction, as MARK_WEIGHT messages, taking back
     * what it was taught with the message before, as many as it was then (an operator who changed their
     * mind). A restricted message is not learnt from: its processing is limited to keeping it.
     */
    async learnMessage(trx: Db, row: MessageRow, kind: TrainedAs): Promise<void> {
      if (row.trained_as === kind || row.restricted) return;
      const hashes = hashesOf(spamTextOf(row));
      if (row.trained_as) await store.remove(trx, row.trained_as, hashes, row.trained_weight);
      await store.add(trx, kind, new Map(hashes.map((hash) => [hash, MARK_WEIGHT])), MARK_WEIGHT);
      await store.taught(trx, row.id, kind, MARK_WEIGHT);
    },

    /** Learns texts as `kind` in one transaction; how many were learnt. */
    async learnTexts(kind: TrainedAs, texts: Iterable<SpamText>): Promise<number> {
      const counted = new Map<string, number>();
      let messages = 0;
      for (const text of texts) {
        messages++;
        for (const hash of hashesOf(text)) counted.set(hash, (counted.get(hash) ?? 0) + 1);
      }
      if (messages > 0) await db.transaction().execute((trx) => store.add(trx, kind, counted, messages));
      return messages;
    },
  };
}

export type SpamTraining = ReturnType<typeof spamTraining>;
