import type { FastifyBaseLogger } from 'fastify';
import { nextAttemptAt, type RetryPolicy } from './backoff.js';
import { failedAttempt } from './failed-attempt.js';
import type { Outcome } from './leased-queue-repository.js';
import type { Delivery, MailSource } from './mail-source.js';
import type { Mailer } from './mailer.js';
import { outcomeRecorder } from './outcome-recorder.js';
import { type PollingLoop, startPollingLoop } from './polling-loop.js';
import { withoutAddresses } from './without-addresses.js';

type WorkerOptions = {
  mailer: Mailer;
  /** The queues of mails it delivers, in this order each round (the messages' first). */
  sources: readonly MailSource[];
  retry: RetryPolicy & { maxAttempts: number };
  pollMs: number;
  /** How long a claimed mail is this instance's alone (OUTBOX_LEASE_MS). */
  leaseMs: number;
  log: FastifyBaseLogger;
};

/** nodemailer's default pool size. */
const DELIVERIES_AT_ONCE = 5;

export type MailWorker = PollingLoop;

/**
 * Delivers pending mails of every queue in `sources` (the messages' notifications and confirmations, the
 * replies, the operators' mails, the spam digest): at start (what an earlier run left pending), when
 * woken after a new one is queued, and every `pollMs` for retries. A failure is retried with exponential
 * backoff; after the last attempt the mail is marked failed, never deleted.
 */
export function startMailWorker({ mailer, sources, retry, pollMs, leaseMs, log }: WorkerOptions): MailWorker {
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
      // The row keeps the whole text, which the inbox shows and which goes with the message.
      outcome = failedAttempt('mail', log, {
        attempts,
        error: reason,
        nextAttemptAt: nextAttemptAt(attempts, retry),
        logged: { ...delivery.log, reason: withoutAddresses(reason) },
      });
    }
    await outcomes.record({ delivery, outcome }, delivery.log);
  };

  // A few deliveries at a time, as many as the SMTP pool has connections: a burst of messages does not
  // wait for one mail after another, and more at once would only queue in the pool. Only what is sent
  // at once is claimed, so another instance takes the rest meanwhile, and a lease covers one round.
  const deliverDue = async (stopped: () => boolean) => {
    await outcomes.flush();
    for (const queue of sources) {
      while (!stopped()) {
        const due = await queue.claim(new Date(), leaseMs, DELIVERIES_AT_ONCE);
        if (due.length === 0) break;
        await Promise.all(due.map(deliver));
      }
      if (!stopped()) await queue.afterRound?.();
    }
  };

  return startPollingLoop('outbox', deliverDue, { pollMs, log, close: () => mailer.close() });
}
