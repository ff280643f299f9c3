import type { ExportFormat, FirstResponse, MessageStatus } from '@site/api-contract';
import { type Actor, type AuditLog } from '../audit/audit-log.js';
import type { FirstResponseClockLoader } from '../business-hours/load-first-response-clock.js';
import { type ClockRow, firstResponseView } from './first-response-view.js';
import { exportDocument, exportRow } from './message-export.js';
import { type MessageFilter, inboxRepository, type Page } from './inbox-repository.js';
import { setByHand, spamMarkReopens, statusChanges } from '../contact/message-status.js';
import { messageStatusRepository } from '../contact/message-status-repository.js';
import { queueMessageOutbound } from '../contact/queue-message-outbound.js';
import type { Db } from '../db/database.js';
import { outboxRepository } from '../notifications/outbox-repository.js';
import { spamDigestRepository } from '../spam/spam-digest-repository.js';
import type { SpamTraining } from '../spam/spam-training.js';

export type InboxSettings = {
  /** Days the link that confirms a ticked marketing box works (a message found to be no spam asks then). */
  consentConfirmDays: number;
  /** The first-response clock the list and an opened message show. */
  firstResponse: FirstResponseClockLoader;
};

/**
 * What staff do with the stored messages, in the inbox and on the command line alike. What reads a
 * message's content or changes it writes its audit entry, naming the message by id, never by its text.
 * Each one-message call answers undefined (or false) when there is no such message.
 */
export function inboxService(
  db: Db,
  audit: AuditLog,
  training: SpamTraining,
  { consentConfirmDays, firstResponse }: InboxSettings,
) {
  const queries = inboxRepository(db);
  const status = messageStatusRepository(db);
  const outbox = outboxRepository(db);
  const digests = spamDigestRepository(db);
  const record = (actor: Actor, action: string, target: string) => audit.record({ ...actor, action, target });

  /** How each message's first-response clock stands at `now`. */
  const clocksAt = async (now = new Date()): Promise<(row: ClockRow) => FirstResponse | null> => {
    const clock = await firstResponse();
    return (row) => firstResponseView(row, clock, now);
  };

  return {
    /** The messages of the filter, newest first; one page of them when `page` is given. */
    list: (filter: MessageFilter, page?: Page) => queries.list(filter, page),

    clocksAt,

    /** One message with every stored field and its mails; from now on it was shown to someone. */
    async open(id: string, actor: Actor) {
      await status.shown([id]);
      const message = await queries.byId(id);
      if (!message) return undefined;
      await record(actor, 'open-message', id);
      return { message, mails: await outbox.ofMessage(id) };
    },

    /** The mails about a message and how each went, for an open message to follow (not its content). */
    mailsOf: (id: string) => outbox.ofMessage(id),

    /** A new message becomes read (one answered or archived stays so); reading alone changes nothing. */
    markRead: (id: string) => status.change(id, statusChanges.opened),

    /** A restricted message's text, for what restriction still allows (a legal claim). */
    async reveal(id: string, actor: Actor) {
      const message = await queries.byId(id);
      if (!message) return undefined;
      await record(actor, 'reveal-restricted-message', id);
      return { subject: message.subject, message: message.message };
    },

    async setStatus(id: string, to: MessageStatus, actor: Actor): Promise<boolean> {
      if (!(await status.change(id, setByHand(to)))) return false;
      await record(actor, `mark-${to}`, id);
      return true;
    },

    /**
     * Spam, or not spam after all, and the filter learns it; the mark is what the message shows from now
     * on (one marked not spam is no longer possibly spam) and makes its sender known. A message taken out
     * of spam becomes new and is notified now, unless it was notified before (it was real before it was
     * marked spam).
     */
    async markSpam(id: string, spam: boolean, actor: Actor): Promise<boolean> {
      const found = await db.transaction().execute(async (trx) => {
        const marks = messageStatusRepository(trx);
        const row = await marks.row(id);
        if (!row) return false;
        await training.learnMessage(trx, row, spam ? 'spam' : 'ham');
        await marks.markSpam(id, spam);
        const reopen = spamMarkReopens(Boolean(row.spam), spam);
        if (reopen) await marks.change(id, statusChanges.takenOutOfSpam);
        if (reopen && !(await marks.notified(id)))
          await queueMessageOutbound(
            trx,
            [{ ...row, received_at: new Date().toISOString() }],
            consentConfirmDays,
          );
        return true;
      });
      if (found) await record(actor, spam ? 'mark-spam' : 'mark-not-spam', id);
      return found;
    },

    /**
     * Queues the failed mails of one message again (or every failed mail, for the command line's
     * `outbox retry`); the outbox worker takes them at its next poll. How many were queued.
     */
    /** Failed mails queued again: those of message `id`, or all of them with the spam digests. */
    async retryMails(id: string | undefined, actor: Actor): Promise<number | undefined> {
      if (id !== undefined && !(await queries.byId(id))) return undefined;
      const queued =
        id === undefined
          ? (await outbox.retryFailed()) + (await digests.retryFailed())
          : await outbox.retryFailed(id);
      // The action keeps the name the audit log has always stored, so old and new entries read alike.
      await record(actor, 'retry-notifications', id ?? `every failed mail: ${queued}`);
      return queued;
    },

    /** The messages of the filter as a download, restricted ones left out. */
    async export(filter: MessageFilter, format: ExportFormat, actor: Actor) {
      const rows = await queries.list(filter);
      const exported = rows.filter((row) => row.restricted === 0).map(exportRow);
      await audit.record({
        ...actor,
        action: 'export',
        target: `${exported.length} message(s) as ${format}`,
      });
      return exportDocument(exported, format);
    },

    /** Counts of the mails by state, and the failed ones with their last error. */
    mailCounts: () => outbox.countByStatus(),
    failedMails: () => outbox.failed(),
  };
}

export type InboxService = ReturnType<typeof inboxService>;
