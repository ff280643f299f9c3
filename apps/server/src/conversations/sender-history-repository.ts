import { SENDER_HISTORY_LIMIT } from '@site/api-contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { emailDomainOf } from '../db/email-domain.js';

/**
 * A sender's earlier conversations: the messages (spam left out) before a message, newest first, of one
 * address or of the others at one domain, and the operators whose replies to them were sent. Each list
 * is one read of an index that ends in `seq` (migration 029), so it reads no more than it gives.
 */
export function senderHistoryRepository(db: Db) {
  const domainOf = emailDomainOf(db);
  const earlier = (beforeSeq: number) =>
    db
      .selectFrom('messages')
      .select(['id', 'email', 'subject', 'received_at', 'status', 'restricted'])
      .where('seq', '<', beforeSeq)
      .where('spam', '=', 0)
      .orderBy('seq', 'desc')
      .limit(SENDER_HISTORY_LIMIT);

  return {
    /** The message whose sender's history is asked for. */
    message: (id: string) =>
      db
        .selectFrom('messages')
        .select(['seq', 'email', 'restricted'])
        .where('id', '=', id)
        .executeTakeFirst(),

    ofAddress: (email: string, beforeSeq: number) => earlier(beforeSeq).where('email', '=', email).execute(),

    /** Of the others at `domain`: the address's own are in its own list. */
    ofDomain: (domain: string, email: string, beforeSeq: number) =>
      earlier(beforeSeq)
        .where(sql<boolean>`${domainOf} = ${domain}`)
        .where('email', '<>', email)
        .execute(),

    /** Who answered each of these messages: the operators of their sent replies, first reply first. */
    answerers: (messageIds: readonly string[]) =>
      messageIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('replies')
            .innerJoin('operators', 'operators.id', 'replies.operator_id')
            .select(['replies.message_id', 'operators.id', 'operators.email', 'operators.name'])
            .where('replies.message_id', 'in', messageIds)
            .where('replies.status', '=', 'sent')
            .orderBy('replies.seq')
            .execute(),
  };
}
