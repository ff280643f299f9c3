import type { Actor } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import type { PresenceActivity } from '../db/types.js';
import { operatorOf } from './acting-operator.js';
import { conversationRepository } from './conversation-repository.js';
import { presenceRepository } from './presence-repository.js';

/** Who else is at a message: each operator's inbox says where it is, and hears who else is there. */
export function presenceService(db: Db) {
  const presence = presenceRepository(db);
  const conversations = conversationRepository(db);
  return {
    /** Says the operator is at the message: the others there, or undefined when there is no such message. */
    async present(messageId: string, activity: PresenceActivity, actor: Actor) {
      const operatorId = operatorOf(actor);
      if (!(await conversations.exists(messageId))) return undefined;
      await presence.touch(messageId, operatorId, activity);
      return { others: await presence.others(messageId, operatorId) };
    },
  };
}
