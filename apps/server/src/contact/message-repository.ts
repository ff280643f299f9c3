import { requestConsent } from '../consent/consent-repository.js';
import type { Db } from '../db/database.js';
import type { MessagesTable, OutboxKind } from '../db/types.js';

export type NewMessage = Omit<MessagesTable, 'seq' | 'restricted'>;

type Waiting = { message: NewMessage; resolve: () => void; reject: (error: unknown) => void };

const mail = (message: NewMessage, kind: OutboxKind) => ({
  message_id: message.id,
  kind,
  status: 'pending' as const,
  next_attempt_at: message.received_at,
  created_at: message.received_at,
});

/** `consentConfirmDays`: how long the link that confirms a ticked marketing box works. */
export function messageRepository(db: Db, { consentConfirmDays }: { consentConfirmDays: number }) {
  let waiting: Waiting[] = [];
  let flushing: Promise<void> | undefined;

  /**
   * Group commit: every message that arrives while the previous commit is on disk goes into the next
   * transaction together, so one fsync makes many messages durable.
   */
  const flush = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('messages')
            .values(batch.map((entry) => entry.message))
            .execute();
          const real = batch.map((entry) => entry.message).filter((message) => !message.spam);
          const mails = real.map((message) => mail(message, 'notification'));
          for (const message of real) {
            if (message.marketing_consent && (await requestConsent(trx, message, consentConfirmDays)))
              mails.push(mail(message, 'confirmation'));
          }
          if (mails.length > 0) await trx.insertInto('outbox').values(mails).execute();
        });
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = undefined;
  };

  return {
    /**
     * Commits the message and, unless it is spam, its notification in one transaction, with the
     * confirmation mail its marketing consent asks for; resolves only once all are durable.
     */
    insert(message: NewMessage): Promise<void> {
      return new Promise((resolve, reject) => {
        waiting.push({ message, resolve, reject });
        flushing ??= new Promise<void>((start) => setImmediate(start)).then(flush);
      });
    },

    /**
     * The receive times of the first `limit` messages an address sent since `since` (ISO time), oldest
     * first: enough to tell whether it reached the limit without counting everything it ever sent.
     */
    async firstSentFromIpSince(ip: string, since: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('messages')
        .select('received_at')
        .where('ip', '=', ip)
        .where('received_at', '>', since)
        .orderBy('received_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.received_at);
    },
  };
}

export type MessageRepository = ReturnType<typeof messageRepository>;
