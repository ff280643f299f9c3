import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import type { MessagesTable } from '../db/types.js';
import { acknowledgedSenderKey, claimAcknowledgement } from './acknowledgement-repository.js';
import { isAutomatedAddress } from './automated-address.js';
import { queueMessageOutbound } from './queue-message-outbound.js';
import { isLimited, type RateLimits, secondsUntil, sendableAt } from './rate-limit.js';

export type NewMessage = Omit<Insertable<MessagesTable>, 'seq' | 'restricted' | 'status' | 'trained_as'>;

/** Stored, or refused by the rate limit with the seconds its sender must wait. */
export type InsertResult = { stored: true } | { stored: false; waitSeconds: number };

type Waiting = {
  message: NewMessage;
  resolve: (result: InsertResult) => void;
  reject: (error: unknown) => void;
};

type Options = {
  /** How long the link that confirms a ticked marketing box works. */
  consentConfirmDays: number;
  rateLimits?: RateLimits;
  /** ACKNOWLEDGEMENT_MAIL on: the secret the acknowledged addresses are keyed with. */
  acknowledgement?: { secret: () => string };
};

const noLimits: RateLimits = { perMinute: 0, perDay: 0 };

/**
 * The receive times of the first `limit` messages an address sent since `since` (ISO time), oldest
 * first: enough to tell whether it reached the limit without counting everything it ever sent.
 */
export async function firstSentFromIpSince(
  db: Db,
  ip: string,
  since: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('messages')
    .select('received_at')
    .where('ip', '=', ip)
    .where('received_at', '>', since)
    .orderBy('received_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.received_at);
}

/**
 * PostgreSQL: takes a lock per sending address until the transaction ends, so another instance's
 * transaction for the same address waits to count until this one has committed; otherwise each would
 * count without the other's messages and both admit a full window. In address order, so two batches
 * never wait for each other. SQLite's transactions take the whole database's write lock as they begin.
 */
async function lockSenders(trx: Db, batch: readonly Waiting[]) {
  const addresses = [...new Set(batch.map((entry) => entry.message.ip))].sort();
  for (const address of addresses)
    await sql`select pg_advisory_xact_lock(hashtextextended(${address}, 0))`.execute(trx);
}

/**
 * The messages whose visitors are sent the acknowledgement: judged not spam (not possibly spam either),
 * from an address a person reads, and the first to that address in 24 hours. Claimed in the order of
 * their keys, so two instances' transactions never wait for each other's rows in turn.
 */
async function acknowledged(trx: Db, messages: readonly NewMessage[], secret: string) {
  const due = messages
    .filter((message) => message.spam_verdict === 'not-spam' && !isAutomatedAddress(message.email))
    .map((message) => ({ message, key: acknowledgedSenderKey(secret, message.email) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ids = new Set<string>();
  for (const { message, key } of due)
    if (await claimAcknowledgement(trx, key, message.received_at)) ids.add(message.id);
  return ids;
}

export function messageRepository(
  db: Db,
  { consentConfirmDays, rateLimits = noLimits, acknowledgement }: Options,
) {
  const lockPerSender = databaseKind(db) === 'postgres' && isLimited(rateLimits);
  let waiting: Waiting[] = [];
  let flushing: Promise<void> | undefined;

  /**
   * Group commit: every message that arrives while the previous commit is on disk goes into the next
   * transaction together, so one fsync makes many messages durable. The rate limit is decided in the
   * same transaction, so a burst cannot slip between the count and the insert.
   */
  const flush = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const { sendable, now } = await db.transaction().execute(async (trx) => {
          if (lockPerSender) await lockSenders(trx, batch);
          const now = Date.now();
          const sendable = await sendableAt(
            batch.map((entry) => entry.message),
            rateLimits,
            (ip, since, limit) => firstSentFromIpSince(trx, ip, since, limit),
            now,
          );
          const admitted = batch.filter((_, index) => sendable[index] === 0).map((entry) => entry.message);
          if (admitted.length === 0) return { sendable, now };
          await trx.insertInto('messages').values(admitted).execute();
          const real = admitted.filter((message) => !message.spam);
          const acknowledge = acknowledgement
            ? await acknowledged(trx, real, acknowledgement.secret())
            : new Set<string>();
          await queueMessageOutbound(trx, real, consentConfirmDays, async (_, message) =>
            acknowledge.has(message.id),
          );
          return { sendable, now };
        });
        batch.forEach((entry, index) => {
          const at = sendable[index]!;
          entry.resolve(at === 0 ? { stored: true } : { stored: false, waitSeconds: secondsUntil(at, now) });
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    flushing = undefined;
  };

  return {
    /**
     * Commits the message, if its sender is within the rate limits, and unless it is spam its
     * notification, the confirmation mail its marketing consent asks for and the visitor's
     * acknowledgement, in one transaction;
     * resolves only once all are durable.
     */
    insert(message: NewMessage): Promise<InsertResult> {
      return new Promise((resolve, reject) => {
        waiting.push({ message, resolve, reject });
        flushing ??= new Promise<void>((start) => setImmediate(start)).then(flush);
      });
    },
  };
}

export type MessageRepository = ReturnType<typeof messageRepository>;
