import { type Insertable, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { AttachmentsTable, InboundMailsTable, MessagesTable } from '../db/types.js';
import { DAY_MS } from '../time.js';

/** Where a mail was read: the mailbox, its UIDVALIDITY and the mail's UID. */
export type MailboxPlace = { mailbox: string; uidValidity: string; uid: number };

/** Where a mail was left once handled (moved, or flagged in place), so erasing its message deletes it. */
export type MailCopy = { folder: string; uidValidity: string; uid: number };

const dayBefore = (now: string) => new Date(Date.parse(now) - DAY_MS).toISOString();

/**
 * What a recorded mail was filed as: its message (or the conversation it answers), the answer, a keyed
 * hash of its sender, or the day of the spam digest it is; erasing any of them (a person the digest
 * listed) finds the mail's copy in the mailbox.
 */
export type FiledAs = {
  messageId: string | null;
  inboundSeq?: number;
  senderKey: string | null;
  spamDigestDay?: string;
};

/** What a message that came by mail has of its own; the rest is the same for every one. */
export type MailMessage = Omit<
  Insertable<MessagesTable>,
  'marketing_consent' | 'consent_at' | 'ip' | 'user_agent' | 'source'
>;

/** How long an instance that took a mail's move on has to do it before another may (it died meanwhile). */
const MOVE_CLAIM_MS = 60_000;

/** Every query of the mail import: progress, keys, conversations, limits, and what a mail files. */
export function inboundRepository(db: Db) {
  return {
    /** How far `mailbox` was read, if at all. */
    progressOf: (mailbox: string) =>
      db
        .selectFrom('mailbox_state')
        .select(['uid_validity', 'last_uid'])
        .where('mailbox', '=', mailbox)
        .executeTakeFirst(),

    /**
     * Moves the mailbox's progress on to `place.uid`, never back (two instances may finish in any order);
     * a new UIDVALIDITY starts it again.
     */
    async recordProgress(place: MailboxPlace) {
      await db
        .insertInto('mailbox_state')
        .values({ mailbox: place.mailbox, uid_validity: place.uidValidity, last_uid: place.uid })
        .onConflict((conflict) => conflict.column('mailbox').doNothing())
        .execute();
      await db
        .updateTable('mailbox_state')
        .set({ uid_validity: place.uidValidity, last_uid: place.uid })
        .where('mailbox', '=', place.mailbox)
        .where((eb) => eb.or([eb('uid_validity', '<>', place.uidValidity), eb('last_uid', '<', place.uid)]))
        .execute();
    },

    isRecorded: async (key: string) =>
      (await db
        .selectFrom('imported_mails')
        .select('mail_key')
        .where('mail_key', '=', key)
        .executeTakeFirst()) !== undefined,

    /**
     * Records a mail's key: false when another instance recorded it first (one importing the same mail
     * at once waits here for it, then finds the key taken). The recording instance holds its move.
     */
    async recordKey(key: string, filed: FiledAs, now: string) {
      const recorded = await db
        .insertInto('imported_mails')
        .values({
          mail_key: key,
          message_id: filed.messageId,
          inbound_seq: filed.inboundSeq ?? null,
          sender_key: filed.senderKey,
          spam_digest_day: filed.spamDigestDay ?? null,
          imported_at: now,
          move_claimed_at: now,
        })
        .onConflict((conflict) => conflict.column('mail_key').doNothing())
        .returning('mail_key')
        .executeTakeFirst();
      return recorded !== undefined;
    },

    /**
     * For a mail recorded earlier: `move` when this instance is to move it (the one that recorded it
     * stopped, or took too long), `moved` when a copy of it is already where mails go, `claimed` while
     * another instance holds its move.
     */
    async claimMove(key: string, now = new Date()): Promise<'move' | 'moved' | 'claimed'> {
      const result = await db
        .updateTable('imported_mails')
        .set({ move_claimed_at: now.toISOString() })
        .where('mail_key', '=', key)
        .where('folder_uid', 'is', null)
        .where((eb) =>
          eb.or([
            eb('move_claimed_at', 'is', null),
            eb('move_claimed_at', '<', new Date(now.getTime() - MOVE_CLAIM_MS).toISOString()),
          ]),
        )
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) return 'move';
      const row = await db
        .selectFrom('imported_mails')
        .select('folder_uid')
        .where('mail_key', '=', key)
        .executeTakeFirst();
      return row?.folder_uid != null ? 'moved' : 'claimed';
    },

    async recordCopy(key: string, copy: MailCopy) {
      await db
        .updateTable('imported_mails')
        .set({ folder: copy.folder, folder_uid_validity: copy.uidValidity, folder_uid: copy.uid })
        .where('mail_key', '=', key)
        .execute();
    },

    /** The stored message among `ids` (the first found), with what decides how an answer to it is filed. */
    async conversationAmong(ids: readonly string[]) {
      for (const id of ids) {
        const found = await db
          .selectFrom('messages')
          .select(['id', 'spam', 'restricted'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (found) return found;
      }
      return undefined;
    },

    /** The message whose sent reply had one of these Message-IDs: only its visitor ever had them. */
    async messageOfReplyMail(mailIds: readonly string[]) {
      if (mailIds.length === 0) return undefined;
      const row = await db
        .selectFrom('replies')
        .select('message_id')
        .where('mail_id', 'in', mailIds)
        .limit(1)
        .executeTakeFirst();
      return row?.message_id;
    },

    /** Whether the database answers at all: a failure then is the mail's own, not the database's. */
    answers: () =>
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),

    /** Copies of erased mails still to delete from the mailbox, a batch at a time. */
    erasuresDue: () => db.selectFrom('mailbox_erasures').selectAll().orderBy('seq').limit(500).execute(),

    async erasuresDone(seqs: readonly number[]) {
      await db.deleteFrom('mailbox_erasures').where('seq', 'in', seqs).execute();
    },

    exists: async (messageId: string) =>
      (await db.selectFrom('messages').select('id').where('id', '=', messageId).executeTakeFirst()) !==
      undefined,

    /** Mails recorded from the sender since a day before `now`. */
    async mailsOfSenderSince(senderKey: string, now: string) {
      const row = await db
        .selectFrom('imported_mails')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('sender_key', '=', senderKey)
        .where('imported_at', '>', dayBefore(now))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Answers filed in the conversation since a day before `now`. */
    async answersInConversationSince(messageId: string, now: string) {
      const row = await db
        .selectFrom('inbound_mails')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('message_id', '=', messageId)
        .where('received_at', '>', dayBefore(now))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Bytes of files stored from mail since a day before `now`. */
    async fileBytesSince(now: string) {
      const row = await db
        .selectFrom('attachments')
        .select(sql<string | number | null>`sum(size)`.as('bytes'))
        .where('stored_at', '>', dayBefore(now))
        .executeTakeFirstOrThrow();
      return Number(row.bytes ?? 0);
    },

    /** A message that came by mail: no marketing consent, no network details of a form's request. */
    async insertMessage(message: MailMessage) {
      await db
        .insertInto('messages')
        .values({
          ...message,
          marketing_consent: 0,
          consent_at: null,
          ip: '',
          user_agent: '',
          source: 'email',
        })
        .execute();
    },

    async insertAnswer(answer: Insertable<InboundMailsTable>) {
      const row = await db
        .insertInto('inbound_mails')
        .values(answer)
        .returning('seq')
        .executeTakeFirstOrThrow();
      return row.seq;
    },

    async insertFiles(files: Insertable<AttachmentsTable>[]) {
      if (files.length > 0) await db.insertInto('attachments').values(files).execute();
    },
  };
}

export type InboundRepository = ReturnType<typeof inboundRepository>;
