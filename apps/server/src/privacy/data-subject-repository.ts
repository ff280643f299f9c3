import { normalEmail } from '@site/api-contract';
import { basename } from 'node:path';
import type { ExpressionBuilder } from 'kysely';
import { auditLog } from '../audit/audit-log.js';
import { operatorRepository } from '../operators/operator-repository.js';
import { passkeyRepository } from '../operators/passkey-repository.js';
import { consentRepository } from '../consent/consent-repository.js';
import { clearWriteAheadLog } from '../db/clear-write-ahead-log.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/types.js';
import { answerNoticeKey } from '../queue/mail-ids.js';
import { findMailCopies, type MailCopyFilter, removeMailCopies } from './mail-copies.js';
import {
  queueAnswerErasures,
  queueMailboxErasures,
  queueSenderErasures,
  queueSpamDigestErasures,
  queueUnfiledErasuresBefore,
} from '../inbound/mailbox-erasure-repository.js';
import { mailSenderKey } from '../inbound/sender-key.js';
import {
  acknowledgedSenderKey,
  forgetAcknowledgedSender,
  forgetAcknowledgementsBefore,
} from '../contact/acknowledgement-repository.js';
import { spamDigestRepository } from '../spam/spam-digest-repository.js';

/** When the address is an operator's: the operator, their passkeys' ids and dates, and their audit entries. */
async function operatorRecord(db: Db, email: string) {
  const operator = await operatorRepository(db).byEmail(email);
  if (!operator) return null;
  return {
    ...operator,
    passkeys: await passkeyRepository(db).listOf(operator.id),
    auditLog: await auditLog(db).about(operator),
  };
}

/** What a deletion removed, and whether the write-ahead log could be cleared of the old pages. */
export type Removal = { messages: number; notificationFiles: number; logCleared: boolean };
/** What an erasure removed: also the person's answers by mail, in their conversations and in others'. */
export type Erasure = Removal & { answers: number };

/** The key of an answer's notice (answerNoticeKey): its conversation's message id and its seq. */
const noticeKey = (answer: { message_id: string; seq: number }) => `${answer.message_id}.${answer.seq}`;

/**
 * What GDPR lets a person ask of us, for the address they write from, and the retention rules. What is
 * deleted goes from every copy: the rows (zeroed by secure_delete), their old pages in the write-ahead
 * log, and the notifications written as .eml files under `<dataDir>/mail`. The copies of their mails in
 * the mailbox are queued for the mailbox reader, which `wakeMailbox` tells of them once queued (the
 * command line has no reader: the server's reads them at its next poll).
 */
export function dataSubjects(db: Db, dataDir: string, secret: () => string, wakeMailbox = () => {}) {
  /** Addresses are stored in their normal form: the same person by any form of their address. */
  const messageIds = (email: string) =>
    db.selectFrom('messages').select('id').where('email', '=', normalEmail(email));
  /** Their answers by mail: in their own conversations, and in anyone else's (from another address). */
  const answerSeqs = (email: string) =>
    db.selectFrom('inbound_mails').select('seq').where('from_address', '=', normalEmail(email));

  /**
   * Their rows of a table that names a message and maybe one of its answers (mails, files): those of
   * their messages themselves, and those of their answers wherever they are; not of others' answers.
   */
  const ofTheirs = (email: string) => (eb: ExpressionBuilder<Database, 'outbox' | 'attachments'>) =>
    eb.or([
      eb.and([eb('message_id', 'in', messageIds(email)), eb('inbound_seq', 'is', null)]),
      eb('inbound_seq', 'in', answerSeqs(email)),
    ]);

  const removeCopies = async (messages: number, filter: MailCopyFilter): Promise<Removal> => {
    const files = await findMailCopies(dataDir, filter);
    await removeMailCopies(files);
    return { messages, notificationFiles: files.length, logCleared: await clearWriteAheadLog(db) };
  };

  return {
    /**
     * Everything held about the address: its messages and their conversations, and its answers by mail
     * wherever they are; not other people's answers in its conversations, nor their files.
     */
    async access(email: string) {
      const messages = await db
        .selectFrom('messages')
        .selectAll()
        .where('email', '=', normalEmail(email))
        .orderBy('seq')
        .execute();
      const notifications = await db
        .selectFrom('outbox')
        .selectAll()
        .where(ofTheirs(email))
        .orderBy('seq')
        .execute();
      // Their conversations: the replies sent to them, and the team's notes, which are about them too.
      const replies = await db
        .selectFrom('replies')
        .select(['message_id', 'from_name', 'body', 'status', 'created_at', 'sent_at'])
        .where('message_id', 'in', messageIds(email))
        .orderBy('seq')
        .execute();
      const notes = await db
        .selectFrom('notes')
        .select(['message_id', 'body', 'created_at'])
        .where('message_id', 'in', messageIds(email))
        .orderBy('seq')
        .execute();
      const answers = await db
        .selectFrom('inbound_mails')
        .select(['seq', 'message_id', 'from_name', 'from_address', 'subject', 'body', 'received_at', 'dmarc'])
        .where('from_address', '=', normalEmail(email))
        .orderBy('seq')
        .execute();
      const attachments = (
        await db
          .selectFrom('attachments')
          .select(['message_id', 'inbound_seq', 'file_name', 'size', 'content'])
          .where(ofTheirs(email))
          .orderBy('seq')
          .execute()
      ).map(({ content, ...file }) => ({ ...file, content_base64: content.toString('base64') }));
      // Whom their messages were sent to by webhook (GDPR article 15's recipients), and how it went. A
      // recipient is named by its origin and the operators' description of it: an endpoint's path and
      // query are often the secret that lets anyone post to it (catch hooks, ?token=).
      const webhookDeliveries = (
        await db
          .selectFrom('webhook_deliveries')
          .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
          .select([
            'webhook_deliveries.message_id',
            'webhook_deliveries.event',
            'webhook_endpoints.url',
            'webhook_endpoints.description',
            'webhook_deliveries.status',
            'webhook_deliveries.created_at',
            'webhook_deliveries.sent_at',
          ])
          .where('webhook_deliveries.message_id', 'in', messageIds(email))
          .orderBy('webhook_deliveries.seq')
          .execute()
      ).map(({ message_id, event, url, description, ...delivery }) => ({
        message_id,
        event,
        recipient: new URL(url).origin,
        recipient_description: description,
        ...delivery,
      }));
      const suppression = await db
        .selectFrom('suppressions')
        .selectAll()
        .where('email', '=', normalEmail(email))
        .executeTakeFirst();
      const marketingConsent = await consentRepository(db).ofAddress(email);
      // The notices of other people's answers in their conversations are those people's.
      const othersAnswers = await db
        .selectFrom('inbound_mails')
        .select(['seq', 'message_id'])
        .where('message_id', 'in', messageIds(email))
        .where('from_address', '!=', normalEmail(email))
        .execute();
      const othersNotices = new Set(othersAnswers.map(noticeKey));
      const notificationFiles = (
        await findMailCopies(dataDir, {
          messageIds: messages.map((message) => message.id),
          replyTo: email,
          answerNotices: answers.map(noticeKey),
        })
      ).filter((path) => !othersNotices.has(answerNoticeKey(basename(path)) ?? ''));
      return {
        email,
        messages,
        replies,
        answers,
        attachments,
        notes,
        notifications,
        notificationFiles,
        webhookDeliveries,
        marketingConsent,
        marketingOptOut: suppression ?? null,
        operator: await operatorRecord(db, email),
      };
    },

    /**
     * Deletes every trace of the address: its messages with their conversations, and its answers by
     * mail in other people's conversations, with their files, notices and moved copies.
     */
    async erase(email: string): Promise<Erasure> {
      const address = normalEmail(email);
      const { ids, answers, digestDays } = await db.transaction().execute(async (trx) => {
        const theirs = trx.selectFrom('messages').select('id').where('email', '=', address);
        const rows = await theirs.execute();
        const all = await trx
          .selectFrom('inbound_mails')
          .select(['seq', 'message_id'])
          .where('from_address', '=', address)
          .execute();
        // Those in their own conversations go with their messages.
        const elsewhere = trx
          .selectFrom('inbound_mails')
          .select('seq')
          .where('from_address', '=', address)
          .where('message_id', 'not in', theirs);
        await queueMailboxErasures(trx, theirs);
        await queueAnswerErasures(trx, elsewhere);
        await queueSenderErasures(trx, mailSenderKey(secret(), address), theirs);
        await forgetAcknowledgedSender(trx, acknowledgedSenderKey(secret(), address));
        await trx.deleteFrom('outbox').where('message_id', 'in', theirs).execute();
        await trx.deleteFrom('outbox').where('inbound_seq', 'in', elsewhere).execute();
        // Their mails' keys stay, so they are never imported again, naming no message.
        await trx
          .updateTable('imported_mails')
          .set({ message_id: null, inbound_seq: null })
          .where('inbound_seq', 'in', elsewhere)
          .execute();
        // Their files go with them (attachments.inbound_seq cascades).
        await trx.deleteFrom('inbound_mails').where('seq', 'in', elsewhere).execute();
        await trx.deleteFrom('messages').where('email', '=', address).execute();
        await trx.deleteFrom('suppressions').where('email', '=', address).execute();
        const ids = rows.map((row) => row.id);
        // The spam digests that listed them, as files and as copies come back into the mailbox.
        const digestDays = await spamDigestRepository(trx).daysListing(ids);
        await queueSpamDigestErasures(trx, digestDays);
        return { ids, answers: all, digestDays };
      });
      wakeMailbox();
      const removal = await removeCopies(ids.length, {
        messageIds: ids,
        replyTo: address,
        answerNotices: answers.map(noticeKey),
        spamDigestDays: digestDays,
      });
      return { ...removal, answers: answers.length };
    },

    /** Keeps the data but leaves it out of exports and marketing; returns how many messages. */
    async restrict(email: string): Promise<number> {
      const result = await db
        .updateTable('messages')
        .set({ restricted: 1 })
        .where('email', '=', normalEmail(email))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Opt-out of marketing: withdraws the consent and adds the address to the suppression list. */
    async optOut(email: string, now = new Date().toISOString()): Promise<void> {
      const address = normalEmail(email);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('messages')
          .set({ marketing_consent: 0, consent_at: null })
          .where('email', '=', address)
          .execute();
        await trx.deleteFrom('marketing_consents').where('email', '=', address).execute();
        await trx
          .insertInto('suppressions')
          .values({ email: address, created_at: now })
          .onConflict((conflict) => conflict.column('email').doNothing())
          .execute();
      });
    },

    /**
     * Retention: deletes messages (or only spam) received before `before` (ISO time); never spam nobody
     * was shown (no sent digest listed it, no operator opened it: decision 040), which erasure alone
     * deletes. The copies in the mailbox of mails no message leads to, imported before then, go too (of
     * only spam: the spam digests').
     */
    async purgeReceivedBefore(before: string, which: 'all' | 'spam' = 'all'): Promise<Removal> {
      const ids = await db.transaction().execute(async (trx) => {
        const old = trx
          .selectFrom('messages')
          .select('id')
          .where('received_at', '<', before)
          .where(({ or, eb }) => or([eb('spam', '=', 0), eb('shown_at', 'is not', null)]))
          .$if(which === 'spam', (query) => query.where('spam', '=', 1));
        const rows = await old.execute();
        await queueMailboxErasures(trx, old);
        await queueUnfiledErasuresBefore(trx, before, which);
        await trx.deleteFrom('outbox').where('message_id', 'in', old).execute();
        await trx.deleteFrom('messages').where('id', 'in', old).execute();
        return rows.map((row) => row.id);
      });
      wakeMailbox();
      return removeCopies(ids.length, { messageIds: ids, writtenBefore: new Date(before) });
    },

    /** Retention: forgets the addresses acknowledged before `before` (ISO time): the rows keep a hash of each. */
    forgetAcknowledgementsBefore: (before: string) => forgetAcknowledgementsBefore(db, before),

    /** Retention: blanks the IP address and user agent of messages received before `before` (ISO time). */
    async blankNetworkDetailsBefore(before: string): Promise<Omit<Removal, 'notificationFiles'>> {
      const result = await db
        .updateTable('messages')
        .set({ ip: '', user_agent: '' })
        .where('received_at', '<', before)
        .where(({ or, eb }) => or([eb('ip', '!=', ''), eb('user_agent', '!=', '')]))
        .executeTakeFirst();
      return { messages: Number(result.numUpdatedRows), logCleared: await clearWriteAheadLog(db) };
    },
  };
}

export type DataSubjects = ReturnType<typeof dataSubjects>;
