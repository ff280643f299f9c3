import type { Db } from '../db/database.js';
import type { MailSource } from '../queue/mail-source.js';
import { latestDigest } from './digest-schedule.js';
import { type DigestMailSettings, spamDigestMail } from './spam-digest-mail.js';
import { spamDigestRepository } from './spam-digest-repository.js';

export type SpamDigestSettings = DigestMailSettings & {
  /** SPAM_DIGEST_HOUR, in `timeZone`. */
  hour: number;
  /** OUTBOX_POLL_MS: with no digest pending, how long until the table is read again (a retry). */
  pollMs: number;
};

/**
 * The daily spam digest, a queue of the mail worker (decision 040). Once its hour has come, each
 * instance queues the day's digest, which the database keeps once whoever comes first; the worker then
 * sends it with the outbox's lease and retries. What it lists is read as it is sent, and those messages
 * count as shown once it was.
 */
export function spamDigests(db: Db, settings: SpamDigestSettings): MailSource {
  const digests = spamDigestRepository(db);
  let queuedDay: string | undefined;
  // The worker asks after every stored message: the table is read only when a digest may be due, or
  // once a poll while none is pending (one given up on may be queued again, from the command line).
  let dueAt = 0;

  return {
    async claim(now, leaseMs, limit) {
      const today = latestDigest(now, settings.hour, settings.timeZone);
      if (today.day !== queuedDay) {
        await digests.queue(today, now.toISOString());
        queuedDay = today.day;
        dueAt = 0;
      }
      if (now.getTime() < dueAt) return [];
      const due = await digests.claim(now, leaseMs, limit);
      if (due.length === 0) {
        const next = await digests.nextAttemptAt();
        dueAt = next === undefined ? now.getTime() + settings.pollMs : Date.parse(next);
        return [];
      }
      return due.map((row) => {
        const digest = { day: row.day, from: row.window_start, to: row.window_end };
        let listed: string[] = [];
        return {
          attempts: row.attempts,
          log: { kind: 'spam-digest', day: row.day },
          async mail() {
            const silenced = await digests.silenced(digest.from, digest.to);
            listed = silenced.messages.map((message) => message.id);
            return silenced.total === 0 ? null : spamDigestMail(digest, silenced, settings);
          },
          async record(outcome) {
            await digests.record(row.seq, outcome, listed);
            dueAt = 0;
          },
        };
      });
    },
  };
}
