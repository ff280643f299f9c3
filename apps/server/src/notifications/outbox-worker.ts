import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { type RetryPolicy, retryDelayMs } from './backoff.js';
import type { ConfirmationSettings } from './confirmation-mail.js';
import type { Delivery, MailSource } from './mail-source.js';
import type { Mailer } from './mailer.js';
import { messageMails } from './message-mails.js';
import type { NotificationMailSettings } from './notification-mail.js';
import type { Outcome } from './outbox-repository.js';
import { outcomeRecorder } from './outcome-recorder.js';
import { type PollingLoop, startPollingLoop } from './polling-loop.js';
import { withoutAddresses } from './without-addresses.js';

type WorkerOptions = {
  db: Db;
  mailer: Mailer;
  mail: NotificationMailSettings;
  confirmation: ConfirmationSettings;
  /** Queues of other mails the worker delivers after the messages' (the operators' mails). */
  sources?: MailSource[];
  retry: RetryPolicy;
  pollMs: number;
  /** How long a claimed mail is this instance's alone (OUTBOX_LEASE_MS). */
  leaseMs: number;
  log: FastifyBaseLogger;
};

/** nodemailer's default pool size. */
const DELIVERIES_AT_ONCE = 5;

export type OutboxWorker = PollingLoop;

/**
 * Delivers pending mails (notifications to the company, confirmation links to visitors, and the
 * queues in `sources`): at start (what an earlier run left pending), when woken after a new message, and
 * every `pollMs` for retries. A failure is retried with exponential backoff; after the last attempt the
 * mail is marked failed, never deleted.
 */
export function startOutboxWorker({
  db,
  mailer,
  mail,
  confirmation,
  sources = [],
  retry,
  pollMs,
  leaseMs,
  log,
}: WorkerOptions): OutboxWorker {
  const queues = [messageMails(db, mailer, mail, confirmation), ...sources];
  const outcomes = outcomeRecorder(
    ({ delivery, outcome }: { delivery: Delivery; outcome: Outcome }) => delivery.record(outcome),
    'mail',
    log,
  );

  const deliver = async (delivery: Delivery): Promise<void> => {
    const attempts = delivery.attempts + 1;
    let outcome: Outcome;
    try {
      const message = await delivery.mail();
      const where = message ? await mailer.deliver(message) : 'nowhere: nothing left to send';
      log.info({ ...delivery.log, attempts, to: where }, 'mail delivered');
      outcome = { attempts, sentAt: new Date().toISOString() };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = attempts >= retry.maxAttempts;
      const next = giveUp ? null : new Date(Date.now() + retryDelayMs(attempts, retry)).toISOString();
      // The row keeps the whole text, which the inbox shows and which goes with the message.
      log.warn(
        { ...delivery.log, attempts, reason: withoutAddresses(reason), nextAttemptAt: next },
        giveUp ? 'mail failed' : 'mail will be retried',
      );
      outcome = { attempts, error: reason, nextAttemptAt: next };
    }
    await outcomes.record({ delivery, outcome }, delivery.log);
  };

  // A few deliveries at a time, as many as the SMTP pool has connections: a burst of messages does not
  // wait for one mail after another, and more at once would only queue in the pool. Only what is sent
  // at once is claimed, so another instance takes the rest meanwhile, and a lease covers one round.
  const deliverDue = async (stopped: () => boolean) => {
    await outcomes.flush();
    for (const queue of queues) {
      while (!stopped()) {
        const due = await queue.claim(new Date(), leaseMs, DELIVERIES_AT_ONCE);
        if (due.length === 0) break;
        await Promise.all(due.map(deliver));
      }
      if (!stopped()) await queue.afterRound?.();
    }
  };

  const loop = startPollingLoop('outbox', deliverDue, { pollMs, log });
  return {
    wake: loop.wake,
    async stop() {
      await loop.stop();
      mailer.close();
    },
  };
}
