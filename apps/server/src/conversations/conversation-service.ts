import type { ReplyBody } from '@site/api-contract';
import { type Actor, type AuditLog, operatorTarget } from '../audit/audit-log.js';
import type { FirstResponseClockLoader } from '../business-hours/load-first-response-clock.js';
import { statusChanges } from '../contact/message-status.js';
import { messageStatusRepository } from '../contact/message-status-repository.js';
import type { Db } from '../db/database.js';
import { operatorRepository } from '../operators/operator-repository.js';
import { operatorOf } from './acting-operator.js';
import { conversationRepository } from './conversation-repository.js';
import { noteRepository } from './note-repository.js';
import { replyMailId } from '../queue/mail-ids.js';
import { presenceService } from './presence-service.js';
import { replyByMail, replyFromName, type ReplySettings } from './reply-mail.js';
import { replyRepository, type StoredReply } from './reply-repository.js';
import { savedReplyService } from './saved-reply-service.js';
import { senderHistoryReading } from './sender-history.js';
import { threadReading } from './thread-reading.js';
import { threadVersion } from './thread-version.js';

type Options = {
  settings: ReplySettings;
  /** The first-response clock, which the first reply stops. */
  firstResponse: FirstResponseClockLoader;
  /** Tells the outbox worker a reply is waiting. */
  wake: () => void;
};

export type SendOutcome =
  /** The reply as stored, with who wrote it. */
  | { kind: 'queued'; reply: StoredReply & { email: string; name: string | null } }
  | { kind: 'missing' }
  | { kind: 'restricted' }
  /** Its address is one the contact form would refuse (replyByMail): a reply could go inward. */
  | { kind: 'not-mailable'; address: string }
  /** Someone else answered after `basedOn`: their reply's seq; nothing was queued. */
  | { kind: 'changed'; seq: number };

/**
 * The conversation of a message (decision 028): replies, which go out through the outbox worker, notes,
 * assignment, and (each in its own module) reading the thread, its version, saved replies and who is
 * present. What reads or changes a message's conversation writes its audit entry, naming the message by
 * id.
 */
export function conversationService(db: Db, audit: AuditLog, { settings, firstResponse, wake }: Options) {
  const replies = replyRepository(db);
  const notes = noteRepository(db);
  const operators = operatorRepository(db);
  const conversations = conversationRepository(db);
  const record = (actor: Actor, action: string, target: string) => audit.record({ ...actor, action, target });

  return {
    ...threadReading(db, audit),
    ...senderHistoryReading(db, audit),

    /**
     * Queues a reply and marks the message answered, in one transaction, unless someone else replied
     * after the newest reply the operator had seen (`basedOn`): a visitor never gets two answers that
     * did not know of each other. The message is locked meanwhile, so two replies cannot both pass. The
     * first reply stops the message's first-response clock.
     */
    async sendReply(messageId: string, { text, basedOn }: ReplyBody, actor: Actor): Promise<SendOutcome> {
      const operatorId = operatorOf(actor);
      const clock = await firstResponse();
      const outcome = await db.transaction().execute(async (trx): Promise<SendOutcome> => {
        const message = await conversationRepository(trx).messageToAnswer(messageId);
        if (!message) return { kind: 'missing' };
        if (message.restricted) return { kind: 'restricted' };
        if (!replyByMail(message.email)) return { kind: 'not-mailable', address: message.email };
        const newest = await replies.newest(trx, messageId);
        if (newest && newest.seq > basedOn && newest.operator_id !== operatorId)
          return { kind: 'changed', seq: newest.seq };
        const operator = await operatorRepository(trx).byId(operatorId);
        if (!operator) throw new Error(`operator ${operatorId} is gone`);
        const now = new Date();
        const reply = await replies.insert(trx, {
          messageId,
          operatorId,
          fromName: replyFromName(operator, settings),
          body: text,
          mailId: replyMailId(messageId, settings.address),
          now: now.toISOString(),
        });
        await messageStatusRepository(trx).change(messageId, statusChanges.replied);
        if (message.first_reply_at === null)
          await conversationRepository(trx).recordFirstReply(
            messageId,
            operatorId,
            now.toISOString(),
            clock.answered(new Date(message.received_at), now),
          );
        return { kind: 'queued', reply: { ...reply, email: operator.email, name: operator.name } };
      });
      if (outcome.kind === 'queued') {
        await record(actor, 'send-reply', messageId);
        wake();
      }
      return outcome;
    },

    /** Queues a failed reply again; false when the message has no such failed reply. */
    async retryReply(messageId: string, seq: number, actor: Actor): Promise<boolean> {
      if (!(await replies.retry(messageId, seq))) return false;
      await record(actor, 'retry-reply', messageId);
      wake();
      return true;
    },

    /** A note for the team; undefined when there is no such message. */
    async addNote(messageId: string, text: string, actor: Actor): Promise<number | undefined> {
      if (!(await conversations.exists(messageId))) return undefined;
      const seq = await notes.insert(messageId, operatorOf(actor), text);
      await record(actor, 'add-note', messageId);
      return seq;
    },

    /** Assigns the message to the operator of `email`, or to nobody. */
    async assign(messageId: string, email: string | null, actor: Actor) {
      const operator = email === null ? null : await operators.byEmail(email);
      if (operator === undefined || operator?.revoked_at) return 'unknown-operator' as const;
      if (!(await conversations.assign(messageId, operator?.id ?? null))) return 'missing' as const;
      if (operator) await record(actor, 'assign', `${messageId} ${operatorTarget(operator.id)}`);
      else await record(actor, 'unassign', messageId);
      return 'assigned' as const;
    },

    ...presenceService(db),

    /** The thread's version, or undefined when there is no such message. */
    version: threadVersion(db),

    ...savedReplyService(db, audit),
  };
}

export type ConversationService = ReturnType<typeof conversationService>;
