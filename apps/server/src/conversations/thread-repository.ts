import type { Db } from '../db/database.js';

/** Which seqs of a kind to read: below and above (each exclusive), the newest first. */
type Bounds = { below?: number; above?: number };

/**
 * What a message's thread shows, read a page at a time (decision 038): the message's side of it, its
 * replies, notes and answers between two seqs, newest first, and the files of given answers.
 */
export function threadRepository(db: Db) {
  return {
    /**
     * Whom the message is from, whether it is restricted, its status and assignee, and what its
     * first-response clock is read from; undefined when there is none.
     */
    head(messageId: string) {
      return db
        .selectFrom('messages')
        .leftJoin('operators', 'operators.id', 'messages.assigned_to')
        .select([
          'messages.email as visitor',
          'messages.restricted',
          'messages.status',
          'messages.received_at',
          'messages.spam',
          'messages.first_reply_at',
          'messages.first_response_business_s',
          'messages.first_response_wall_s',
          'operators.email',
          'operators.name',
        ])
        .where('messages.id', '=', messageId)
        .executeTakeFirst();
    },

    replies(messageId: string, { below, above }: Bounds, limit: number) {
      return db
        .selectFrom('replies')
        .innerJoin('operators', 'operators.id', 'replies.operator_id')
        .select([
          'replies.seq',
          'replies.body',
          'replies.created_at as at',
          'replies.status',
          'replies.attempts',
          'replies.last_error',
          'replies.next_attempt_at',
          'replies.sent_at',
          'operators.email',
          'operators.name',
        ])
        .where('replies.message_id', '=', messageId)
        .$if(below !== undefined, (query) => query.where('replies.seq', '<', below!))
        .$if(above !== undefined, (query) => query.where('replies.seq', '>', above!))
        .orderBy('replies.seq', 'desc')
        .limit(limit)
        .execute();
    },

    notes(messageId: string, { below, above }: Bounds, limit: number) {
      return db
        .selectFrom('notes')
        .innerJoin('operators', 'operators.id', 'notes.operator_id')
        .select(['notes.seq', 'notes.body', 'notes.created_at as at', 'operators.email', 'operators.name'])
        .where('notes.message_id', '=', messageId)
        .$if(below !== undefined, (query) => query.where('notes.seq', '<', below!))
        .$if(above !== undefined, (query) => query.where('notes.seq', '>', above!))
        .orderBy('notes.seq', 'desc')
        .limit(limit)
        .execute();
    },

    answers(messageId: string, { below, above }: Bounds, limit: number) {
      return db
        .selectFrom('inbound_mails')
        .select([
          'seq',
          'from_name',
          'from_address',
          'body',
          'received_at as at',
          'automatic',
          'spam_verdict',
          'dmarc',
        ])
        .where('message_id', '=', messageId)
        .$if(below !== undefined, (query) => query.where('seq', '<', below!))
        .$if(above !== undefined, (query) => query.where('seq', '>', above!))
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
    },

    /** One file, for its download, with whether its message is restricted. */
    file(seq: number) {
      return db
        .selectFrom('attachments')
        .innerJoin('messages', 'messages.id', 'attachments.message_id')
        .select([
          'attachments.message_id',
          'attachments.file_name',
          'attachments.content',
          'messages.restricted',
        ])
        .where('attachments.seq', '=', seq)
        .executeTakeFirst();
    },

    /** The files of these answers (their `inbound_seq`), or with none given of the message's own mail. */
    files(messageId: string, answerSeqs?: number[]) {
      if (answerSeqs?.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('attachments')
        .select(['seq', 'inbound_seq', 'file_name', 'size'])
        .where('message_id', '=', messageId)
        .where((eb) => (answerSeqs ? eb('inbound_seq', 'in', answerSeqs) : eb('inbound_seq', 'is', null)))
        .orderBy('seq')
        .execute();
    },
  };
}
