import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { type RetryPolicy, retryDelayMs } from './backoff.js';
import type { Mailer } from './mailer.js';
import { type MailSettings, notificationMail } from './notification-mail.js';
import { type Outcome, outboxRepository } from './outbox-repository.js';

type WorkerOptions = {
  db: Db;
  mailer: Mailer;
  mail: MailSettings;
  retry: RetryPolicy;
  pollMs: number;
  log: FastifyBaseLogger;
};

export type OutboxWorker = { wake(): void; stop(): Promise<void> };

/**
 * Delivers pending notifications: at start (what an earlier run left pending), when woken after a new
 * message, and every `pollMs` for retries. A failure is retried with exponential backoff; after the
 * last attempt the row is marked failed, never deleted.
 */
export function startOutboxWorker({ db, mailer, mail, retry, pollMs, log }: WorkerOptions): OutboxWorker {
  const outbox = outboxRepository(db);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const deliverDue = async () => {
    for (;;) {
      const due = await outbox.due(new Date().toISOString());
      if (due.length === 0) return;
      const outcomes: Outcome[] = [];
      for (const row of due) {
        if (stopped) break;
        const attempts = row.attempts + 1;
        try {
          const where = await mailer.deliver(notificationMail(row, mail));
          outcomes.push({ seq: row.seq, attempts, sentAt: new Date().toISOString() });
          log.info({ messageId: row.id, attempts, to: where }, 'notification delivered');
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const giveUp = attempts >= retry.maxAttempts;
          const next = giveUp ? null : new Date(Date.now() + retryDelayMs(attempts, retry)).toISOString();
          outcomes.push({ seq: row.seq, attempts, error: reason, nextAttemptAt: next });
          log.warn(
            { messageId: row.id, attempts, reason, nextAttemptAt: next },
            giveUp ? 'notification failed' : 'notification will be retried',
          );
        }
      }
      await outbox.record(outcomes);
      if (stopped) return;
    }
  };

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = deliverDue()
      .catch((error: unknown) => log.error({ err: error }, 'outbox run failed'))
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else timer = setTimeout(run, pollMs);
      });
  };

  run();
  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      mailer.close();
    },
  };
}
