import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Outcome } from './leased-queue-repository.js';

/** One queued mail the mail worker has claimed: what to send, and where its outcome goes. */
export type Delivery = {
  /** Attempts before this one. */
  attempts: number;
  /** What a log line says about it: ids and kinds, never content or addresses. */
  log: Record<string, unknown>;
  /** The mail to send; null when there is nothing to send any more (it counts as sent). */
  mail(): Promise<Mail.Options | null>;
  /** Stores the outcome of this attempt. */
  record(outcome: Outcome): Promise<void>;
};

/**
 * A durable queue of mails: the messages' own (notifications, confirmations, answer notices), the
 * replies, the operators' mails, the spam digest.
 */
export type MailSource = {
  /** Up to `limit` mails whose time has come, each this instance's alone for `leaseMs`. */
  claim(now: Date, leaseMs: number, limit: number): Promise<Delivery[]>;
  /** Housekeeping after each round (taking back copies of mails that no longer work). */
  afterRound?(): Promise<void>;
};

/** A queue of mails whose claimed rows (`claim`) become deliveries one by one (`deliveryOf`), each with its attempts. */
export const mailSource = <Row extends { attempts: number }>(
  claim: (now: Date, leaseMs: number, limit: number) => Promise<Row[]>,
  deliveryOf: (row: Row) => Omit<Delivery, 'attempts'>,
): MailSource => ({
  async claim(now, leaseMs, limit) {
    return (await claim(now, leaseMs, limit)).map((row) => ({ attempts: row.attempts, ...deliveryOf(row) }));
  },
});
