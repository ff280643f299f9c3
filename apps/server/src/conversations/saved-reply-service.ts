import type { Actor, AuditLog } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { savedReplyRepository } from './saved-reply-repository.js';

/** The team's saved replies, shared by every operator; each change is audited. */
export function savedReplyService(db: Db, audit: AuditLog) {
  const saved = savedReplyRepository(db);
  const record = (actor: Actor, action: string, seq: number) =>
    audit.record({ ...actor, action, target: `saved-reply:${seq}` });

  return {
    savedReplies: () => saved.list(),

    async addSavedReply(name: string, text: string, actor: Actor) {
      const seq = await saved.insert(name, text);
      if (seq !== undefined) await record(actor, 'saved-reply.add', seq);
      return seq;
    },

    async changeSavedReply(seq: number, name: string, text: string, actor: Actor) {
      const result = await saved.update(seq, name, text);
      if (result === 'changed') await record(actor, 'saved-reply.change', seq);
      return result;
    },

    async removeSavedReply(seq: number, actor: Actor): Promise<boolean> {
      if (!(await saved.remove(seq))) return false;
      await record(actor, 'saved-reply.remove', seq);
      return true;
    },
  };
}
