import { type ReplyBody, THREAD_PAGE_ITEMS, type ThreadCursor } from '@site/api-contract';
import { type Actor, type AuditLog, operatorTarget } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import type { PresenceActivity } from '../db/types.js';
import { databaseKind } from '../db/dialect.js';
import type { ReplySettings } from '../derived-settings.js';
import { operatorRepository } from '../operators/operator-repository.js';
import { noteRepository } from './note-repository.js';
import { presenceRepository } from './presence-repository.js';
import { replyByMail, replyFromName, replyMailId } from './reply-mail.js';
import { replyRepository, type StoredReply } from './reply-repository.js';
import { savedReplyRepository } from './saved-reply-repository.js';
import { boundsOf, holdsNewer, pageOf, type ThreadRange } from './thread-page.js';
import { threadRepository } from './thread-repository.js';

type Options = {
  settings: ReplySettings;
  /** Tells the outbox worker a reply is waiting. */
  wake: () => void;
};

/** An operator acting in the inbox: replies, notes and presence need one (the command line is none). */
const operatorOf = (actor: Actor) => {
  if (actor.operatorId === null) throw new Error('a conversation needs an operator');
  return actor.operatorId;
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
 * assignment, saved replies and who is present. What reads or changes a message's conversation writes
 * its audit entry, naming the message by id.
 */
export function conversationService(db: Db, audit: AuditLog, { settings, wake }: Options) {
  const replies = replyRepository(db);
  const notes = noteRepository(db);
  const saved = savedReplyRepository(db);
  const presence = presenceRepository(db);
  const operators = operatorRepository(db);
  const threads = threadRepository(db);
  const postgres = databaseKind(db) === 'postgres';
  const record = (actor: Actor, action: string, target: string) => audit.record({ ...actor, action, target });
  /**
   * What changes whenever the thread does: its replies and their mails' states, its notes, the answers
   * by mail, the assignee and status; undefined when there is no such message.
   */
  const threadVersion = async (messageId: string) => {
    const [states, notesSeq, answersSeq, message] = await Promise.all([
      db
        .selectFrom('replies')
        .select([
          'status',
          (eb) => eb.fn.max('seq').as('seq'),
          (eb) => eb.fn.countAll<number | string>().as('count'),
        ])
        .where('message_id', '=', messageId)
        .groupBy('status')
        .orderBy('status')
        .execute(),
      db
        .selectFrom('notes')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('message_id', '=', messageId)
        .executeTakeFirst(),
      db
        .selectFrom('inbound_mails')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('message_id', '=', messageId)
        .executeTakeFirst(),
      db
        .selectFrom('messages')
        .select(['assigned_to', 'status'])
        .where('id', '=', messageId)
        .executeTakeFirst(),
    ]);
    if (!message) return undefined;
    return JSON.stringify([
      states.map((row) => [row.status, row.seq, Number(row.count)]),
      notesSeq?.seq ?? 0,
      answersSeq?.seq ?? 0,
      message,
    ]);
  };
  const exists = async (messageId: string) =>
    (await db.selectFrom('messages').select('id').where('id', '=', messageId).executeTakeFirst()) !==
    undefined;

  return {
    /**
     * A page of the message's thread (decision 038): its newest items, or those before or after a point,
     * with the message's status and assignee; undefined when there is no such message. A restricted
     * person's texts and file names are null unless `revealed` (a reveal, which is audited, gave them).
     * `ownFiles` adds the files of the mail the message came in, as an opening shows them.
     */
    async page(messageId: string, range: ThreadRange, revealed: boolean, ownFiles = false) {
      const head = await threads.head(messageId);
      if (!head) return undefined;
      const read = THREAD_PAGE_ITEMS + 1;
      const page = pageOf(
        range,
        {
          replies: await threads.replies(messageId, boundsOf(range, 'replies'), read),
          notes: await threads.notes(messageId, boundsOf(range, 'notes'), read),
          answers: await threads.answers(messageId, boundsOf(range, 'answers'), read),
        },
        THREAD_PAGE_ITEMS,
      );
      const shown = revealed || head.restricted === 0;
      const text = (body: string) => (shown ? body : null);
      const file = <F extends { file_name: string }>(row: F) => ({ ...row, file_name: text(row.file_name) });
      const answerFiles = (
        await threads.files(
          messageId,
          page.answers.map((answer) => answer.seq),
        )
      ).map(file);
      const filesOf = new Map<number | null, typeof answerFiles>();
      for (const row of answerFiles)
        filesOf.set(row.inbound_seq, [...(filesOf.get(row.inbound_seq) ?? []), row]);
      return {
        status: head.status,
        assignee: head.email ? { email: head.email, name: head.name } : null,
        files: ownFiles ? (await threads.files(messageId)).map(file) : [],
        page: {
          ...page,
          replies: page.replies.map((row) => ({ ...row, body: text(row.body) })),
          notes: page.notes.map((row) => ({ ...row, body: text(row.body) })),
          answers: page.answers.map((row) => ({
            ...row,
            body: text(row.body),
            // Another address, or the visitor's forged: their domain's DMARC check failed (decision 034).
            otherSender: row.from_address !== head.visitor.toLowerCase() || row.dmarc === 'fail',
            attachments: filesOf.get(row.seq) ?? [],
          })),
        },
      };
    },

    /**
     * What changed in an open message after the point `after` (a page, as `page` reads it), audited when
     * it gives an item newer than `seen`, the newest of each kind the inbox shows: a poll that finds
     * nothing new, or only a reply's mail state, reads nothing the operator has not seen.
     */
    async updates(
      messageId: string,
      after: ThreadCursor,
      seen: ThreadCursor,
      revealed: boolean,
      actor: Actor,
    ) {
      const updates = await this.page(messageId, { after }, revealed);
      if (updates && holdsNewer(updates.page, seen)) await record(actor, 'read-thread-updates', messageId);
      return updates;
    },

    /** One reply or note of the message as its thread shows it (the operator's own, just written). */
    reply: async (messageId: string, seq: number) =>
      (await threads.replies(messageId, { below: seq + 1, above: seq - 1 }, 1))[0],
    note: async (messageId: string, seq: number) =>
      (await threads.notes(messageId, { below: seq + 1, above: seq - 1 }, 1))[0],

    /**
     * A file an imported mail carried, for download; audited, as it is the sender's data. A restricted
     * person's only when `revealed(messageId)` (a reveal of its message gave it): 'restricted' otherwise.
     */
    async attachment(seq: number, actor: Actor, revealed: (messageId: string) => boolean) {
      const file = await threads.file(seq);
      if (!file) return undefined;
      if (file.restricted === 1 && !revealed(file.message_id)) return 'restricted' as const;
      await record(actor, 'download-attachment', `${file.message_id} attachment:${seq}`);
      return file;
    },

    /**
     * Queues a reply and marks the message answered, in one transaction, unless someone else replied
     * after the newest reply the operator had seen (`basedOn`): a visitor never gets two answers that
     * did not know of each other. The message is locked meanwhile, so two replies cannot both pass.
     */
    async sendReply(messageId: string, { text, basedOn }: ReplyBody, actor: Actor): Promise<SendOutcome> {
      const operatorId = operatorOf(actor);
      const outcome = await db.transaction().execute(async (trx): Promise<SendOutcome> => {
        const message = await trx
          .selectFrom('messages')
          .select(['id', 'email', 'restricted'])
          .where('id', '=', messageId)
          .$if(postgres, (query) => query.forUpdate())
          .executeTakeFirst();
        if (!message) return { kind: 'missing' };
        if (message.restricted) return { kind: 'restricted' };
        if (!replyByMail(message.email)) return { kind: 'not-mailable', address: message.email };
        const newest = await replies.newest(trx, messageId);
        if (newest && newest.seq > basedOn && newest.operator_id !== operatorId)
          return { kind: 'changed', seq: newest.seq };
        const operator = await operatorRepository(trx).byId(operatorId);
        if (!operator) throw new Error(`operator ${operatorId} is gone`);
        const reply = await replies.insert(trx, {
          messageId,
          operatorId,
          fromName: replyFromName(operator, settings),
          body: text,
          mailId: replyMailId(messageId, settings),
          now: new Date().toISOString(),
        });
        await trx.updateTable('messages').set({ status: 'answered' }).where('id', '=', messageId).execute();
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
      if (!(await exists(messageId))) return undefined;
      const seq = await notes.insert(messageId, operatorOf(actor), text);
      await record(actor, 'add-note', messageId);
      return seq;
    },

    /** Assigns the message to the operator of `email`, or to nobody. */
    async assign(messageId: string, email: string | null, actor: Actor) {
      const operator = email === null ? null : await operators.byEmail(email);
      if (operator === undefined || operator?.revoked_at) return 'unknown-operator' as const;
      const result = await db
        .updateTable('messages')
        .set({ assigned_to: operator?.id ?? null })
        .where('id', '=', messageId)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return 'missing' as const;
      if (operator) await record(actor, 'assign', `${messageId} ${operatorTarget(operator.id)}`);
      else await record(actor, 'unassign', messageId);
      return 'assigned' as const;
    },

    /** Says the operator is at the message: the others there, or undefined when there is no such message. */
    async present(messageId: string, activity: PresenceActivity, actor: Actor) {
      const operatorId = operatorOf(actor);
      if (!(await exists(messageId))) return undefined;
      await presence.touch(messageId, operatorId, activity);
      return { others: await presence.others(messageId, operatorId) };
    },

    /** The thread's version, or undefined when there is no such message. */
    version: threadVersion,

    savedReplies: () => saved.list(),

    async addSavedReply(name: string, text: string, actor: Actor) {
      const seq = await saved.insert(name, text);
      if (seq !== undefined) await record(actor, 'saved-reply.add', `saved-reply:${seq}`);
      return seq;
    },

    async changeSavedReply(seq: number, name: string, text: string, actor: Actor) {
      const result = await saved.update(seq, name, text);
      if (result === 'changed') await record(actor, 'saved-reply.change', `saved-reply:${seq}`);
      return result;
    },

    async removeSavedReply(seq: number, actor: Actor): Promise<boolean> {
      if (!(await saved.remove(seq))) return false;
      await record(actor, 'saved-reply.remove', `saved-reply:${seq}`);
      return true;
    },
  };
}

export type ConversationService = ReturnType<typeof conversationService>;
