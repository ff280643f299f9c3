import type { Db } from '../db/database.js';
import { announce, type Worker } from '../queue/events.js';
import { claimDue, type Outcome, outcomeChanges, pendingRow } from '../queue/leased-queue-repository.js';

export type NewReply = {
  messageId: string;
  operatorId: number;
  fromName: string;
  body: string;
  mailId: string;
  now: string;
};

/** A reply as stored, as the thread reads it (thread-repository.ts `replies`), without who wrote it. */
export type StoredReply = Awaited<ReturnType<ReturnType<typeof replyRepository>['insert']>>;

/** A reply the mail worker has claimed, with the message it answers and the mails before it. */
export type QueuedReply = Awaited<ReturnType<ReturnType<typeof replyRepository>['claim']>>[number];

/** The operators' replies (decision 028): queued and leased like the outbox, kept as the thread. */
export function replyRepository(db: Db) {
  return {
    /** Queues a reply in the caller's transaction; the reply as stored. */
    insert(trx: Db, reply: NewReply) {
      return trx
        .insertInto('replies')
        .values({
          message_id: reply.messageId,
          operator_id: reply.operatorId,
          from_name: reply.fromName,
          body: reply.body,
          mail_id: reply.mailId,
          ...pendingRow(reply.now),
          sent_at: null,
        })
        .returning([
          'seq',
          'body',
          'created_at as at',
          'status',
          'attempts',
          'last_error',
          'next_attempt_at',
          'sent_at',
        ])
        .executeTakeFirstOrThrow();
    },

    /** The newest reply to a message, with who sent it, in the caller's transaction. */
    newest(trx: Db, messageId: string) {
      return trx
        .selectFrom('replies')
        .select(['seq', 'operator_id', 'created_at'])
        .where('message_id', '=', messageId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Leases due replies, each with its message and the Message-IDs of the replies before it. */
    async claim(now: Date, leaseMs: number, limit: number) {
      const claimed = await claimDue(db, 'replies', { now, leaseMs, limit }, (trx, seqs) =>
        trx
          .selectFrom('replies')
          .innerJoin('messages', 'messages.id', 'replies.message_id')
          .select([
            'replies.seq',
            'replies.attempts',
            'replies.from_name',
            'replies.body',
            'replies.mail_id',
            'messages.id',
            'messages.name',
            'messages.email',
            'messages.subject',
            'messages.message',
            'messages.received_at',
            'messages.language',
          ])
          .where('replies.seq', 'in', seqs)
          .orderBy('replies.seq')
          .execute(),
      );
      return Promise.all(
        claimed.map(async (row) => ({
          ...row,
          earlier: (
            await db
              .selectFrom('replies')
              .select('mail_id')
              .where('message_id', '=', row.id)
              .where('seq', '<', row.seq)
              .orderBy('seq')
              .execute()
          ).map((earlier) => earlier.mail_id),
        })),
      );
    },

    /**
     * Records one attempt's outcome, and once the reply is sent announces it in the same transaction:
     * whether the reply is still there (its message may have been erased meanwhile), and the workers to wake.
     */
    async record(seq: number, outcome: Outcome): Promise<{ found: boolean; wake: Worker[] }> {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('replies')
          .innerJoin('messages', 'messages.id', 'replies.message_id')
          .select(['replies.status', 'replies.message_id', 'messages.site_key'])
          .where('replies.seq', '=', seq)
          .executeTakeFirst();
        if (!before) return { found: false, wake: [] };
        await trx.updateTable('replies').set(outcomeChanges(outcome)).where('seq', '=', seq).execute();
        if (!('sentAt' in outcome) || before.status === 'sent') return { found: true, wake: [] };
        const wake = await announce(trx, {
          kind: 'message.replied',
          messageId: before.message_id,
          siteKey: before.site_key,
          replySeq: seq,
          at: outcome.sentAt,
        });
        return { found: true, wake };
      });
    },

    /** Queues a failed reply of the message again; false when there is no such failed reply. */
    async retry(messageId: string, seq: number, now = new Date().toISOString()): Promise<boolean> {
      const result = await db
        .updateTable('replies')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now })
        .where('seq', '=', seq)
        .where('message_id', '=', messageId)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
