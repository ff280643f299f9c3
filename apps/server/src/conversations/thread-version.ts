import type { Db } from '../db/database.js';
import { conversationRepository } from './conversation-repository.js';

/**
 * The version of a message's thread, which changes whenever the thread does (its replies and their
 * mails' states, its notes, the answers by mail, the assignee and status): the inbox asks for it to
 * know when to read the thread again. Undefined when there is no such message.
 */
export function threadVersion(db: Db) {
  const repository = conversationRepository(db);
  return async (messageId: string) => {
    const [states, notesSeq, answersSeq, message] = await repository.versionParts(messageId);
    if (!message) return undefined;
    return JSON.stringify([
      states.map((row) => [row.status, row.seq, Number(row.count)]),
      notesSeq?.seq ?? 0,
      answersSeq?.seq ?? 0,
      message,
    ]);
  };
}
