import type { FastifyBaseLogger } from 'fastify';
import { conversationOf } from '../conversations/conversation-address.js';
import { newMessageId } from '../contact/message-id.js';
import { queueMessageOutbound } from '../contact/queue-message-outbound.js';
import type { Db } from '../db/database.js';
import type { JudgeMessage, Verdict } from '../spam/spam-filter.js';
import { isOwnMailId } from '../notifications/own-mail.js';
import { keyedHash } from '../operators/secret-token.js';
import type { InboundMail } from './inbound-mail.js';
import { storedReasons } from '../spam/reasons.js';

/** Where a mail was read: the mailbox, its UIDVALIDITY and the mail's UID. */
export type MailboxPlace = { mailbox: string; uidValidity: string; uid: number };

export type ImportOutcome = 'answer' | 'message' | 'own-mail' | 'already-imported' | 'no-sender';

/** Thrown inside the import's transaction when another instance recorded the mail first: all is undone. */
class AlreadyImported extends Error {}

export type Imported = { outcome: ImportOutcome; key: string };

type Options = {
  /** The site key a mail that starts a conversation is filed under (the built site's own). */
  siteKey: string;
  consentConfirmDays: number;
  judge: JudgeMessage;
  secret: () => string;
  log: FastifyBaseLogger;
  /** Tells the outbox worker a notification is waiting. */
  wake: () => void;
};

/**
 * Moves the mailbox's progress on to `place.uid`, never back (two instances may finish in any order);
 * a new UIDVALIDITY starts it again.
 */
export async function recordProgress(trx: Db, place: MailboxPlace) {
  await trx
    .insertInto('mailbox_state')
    .values({ mailbox: place.mailbox, uid_validity: place.uidValidity, last_uid: place.uid })
    .onConflict((conflict) => conflict.column('mailbox').doNothing())
    .execute();
  await trx
    .updateTable('mailbox_state')
    .set({ uid_validity: place.uidValidity, last_uid: place.uid })
    .where('mailbox', '=', place.mailbox)
    .where((eb) => eb.or([eb('uid_validity', '<>', place.uidValidity), eb('last_uid', '<', place.uid)]))
    .execute();
}

/** The message ids our Message-IDs carry: an operator's reply (`reply-ID.x@`) or a conversation's root (`message-ID@`). */
const messageIdIn = (mailId: string) => /^<(?:reply|message)-([0-9a-f-]{36})[.@]/.exec(mailId)?.[1];

/**
 * Files each mail read from the company's mailbox exactly once (decision 029): in one transaction its
 * key is recorded (a second import of it changes nothing), the mailbox's progress moves on, and the
 * mail becomes either a visitor's answer in the conversation it names (by In-Reply-To or References, or
 * the +token of the address it was sent to), the message back to New and the company told (unless it
 * is an automatic reply), or a message of its own, judged by the spam filter like a form's.
 */
export function mailImport(db: Db, { siteKey, consentConfirmDays, judge, secret, log, wake }: Options) {
  /** The stored message the mail answers, if any. */
  async function conversationFor(trx: Db, mail: InboundMail): Promise<string | undefined> {
    const named = [
      ...mail.answers.map(messageIdIn),
      ...mail.recipients.map((address) => conversationOf(address, secret())),
    ].filter((id): id is string => id !== undefined);
    for (const id of named) {
      const found = await trx.selectFrom('messages').select('id').where('id', '=', id).executeTakeFirst();
      if (found) return found.id;
    }
    return undefined;
  }

  async function storeAttachments(trx: Db, mail: InboundMail, messageId: string, inboundSeq: number | null) {
    for (const file of mail.attachments)
      await trx
        .insertInto('attachments')
        .values({
          message_id: messageId,
          inbound_seq: inboundSeq,
          file_name: file.fileName,
          size: file.content.length,
          content: file.content,
        })
        .execute();
  }

  /**
   * A visitor's answer: its inbound mail, and unless automatic, the message back to New and the company
   * told. Returns the inbound mail's seq.
   */
  async function fileAnswer(trx: Db, mail: InboundMail, conversation: string, now: string) {
    const inbound = await trx
      .insertInto('inbound_mails')
      .values({
        message_id: conversation,
        from_name: mail.fromName,
        from_address: mail.fromAddress,
        subject: mail.subject,
        body: mail.text,
        mail_id: mail.mailId ?? null,
        automatic: mail.automatic ? 1 : 0,
        received_at: now,
      })
      .returning('seq')
      .executeTakeFirstOrThrow();
    await storeAttachments(trx, mail, conversation, inbound.seq);
    if (mail.automatic) return inbound.seq;
    await trx.updateTable('messages').set({ status: 'new' }).where('id', '=', conversation).execute();
    await trx
      .insertInto('outbox')
      .values({
        message_id: conversation,
        kind: 'answer',
        inbound_seq: inbound.seq,
        status: 'pending',
        next_attempt_at: now,
        created_at: now,
        last_error: null,
        sent_at: null,
      })
      .execute();
    return inbound.seq;
  }

  /** A mail that names no conversation: a message of its own, notified unless spam or automatic. */
  async function fileMessage(trx: Db, mail: InboundMail, verdict: Verdict, now: string) {
    const id = newMessageId();
    await trx
      .insertInto('messages')
      .values({
        id,
        name: mail.fromName || mail.fromAddress.slice(0, mail.fromAddress.indexOf('@')),
        email: mail.fromAddress,
        subject: mail.subject || '(no subject)',
        message: mail.text,
        marketing_consent: 0,
        consent_at: null,
        site_key: siteKey,
        ip: '',
        user_agent: '',
        received_at: now,
        spam: verdict.spam ? 1 : 0,
        spam_score: verdict.score,
        spam_reasons: storedReasons(verdict.reasons),
        text_fingerprint: verdict.fingerprint,
        source: 'email',
      })
      .execute();
    await storeAttachments(trx, mail, id, null);
    if (!verdict.spam && !mail.automatic)
      await queueMessageOutbound(
        trx,
        [{ id, email: mail.fromAddress, marketing_consent: 0, received_at: now, site_key: siteKey }],
        consentConfirmDays,
      );
    return id;
  }

  /**
   * Records the mail's key in the caller's transaction: false when another instance recorded it first
   * (one importing the same mail at once waits here for it, then finds the key taken).
   */
  async function recordKey(
    trx: Db,
    key: string,
    messageId: string | null,
    now: string,
    inboundSeq: number | null = null,
  ) {
    const recorded = await trx
      .insertInto('imported_mails')
      .values({
        mail_key: key,
        message_id: messageId,
        inbound_seq: inboundSeq,
        imported_at: now,
        move_claimed_at: now,
      })
      .onConflict((conflict) => conflict.column('mail_key').doNothing())
      .returning('mail_key')
      .executeTakeFirst();
    return recorded !== undefined;
  }

  /**
   * One of the server's own mails (a notification sent to the mailbox it reads): recorded as handled,
   * never filed, or each notification would be a message that is notified again.
   */
  async function recordOwnMail(key: string, place: MailboxPlace, now: string): Promise<ImportOutcome> {
    return db.transaction().execute(async (trx) => {
      await recordProgress(trx, place);
      return (await recordKey(trx, key, null, now)) ? 'own-mail' : 'already-imported';
    });
  }

  return async function importMail(mail: InboundMail, place: MailboxPlace): Promise<Imported> {
    const key = keyedHash(
      secret(),
      'imported-mail',
      mail.mailId ?? `${place.mailbox}\n${place.uidValidity}\n${place.uid}`,
    );
    if (!mail.fromAddress) {
      await recordProgress(db, place);
      return { outcome: 'no-sender', key };
    }
    const now = new Date().toISOString();
    if (mail.mailId && isOwnMailId(mail.mailId))
      return { outcome: await recordOwnMail(key, place, now), key };
    // Judged before the transaction, as a form's message is: the filter reads the database too.
    const conversation = await conversationFor(db, mail);
    const verdict =
      conversation === undefined
        ? await judge(
            {
              name: mail.fromName,
              email: mail.fromAddress,
              subject: mail.subject,
              body: mail.text,
              honeypot: false,
              timing: { kind: 'cross-site' },
            },
            log,
          )
        : undefined;
    const outcome = await db
      .transaction()
      .execute(async (trx): Promise<ImportOutcome> => {
        await recordProgress(trx, place);
        const seen = await trx
          .selectFrom('imported_mails')
          .select('mail_key')
          .where('mail_key', '=', key)
          .executeTakeFirst();
        if (seen) return 'already-imported';
        const messageId = conversation ?? (await fileMessage(trx, mail, verdict!, now));
        const inboundSeq = conversation === undefined ? null : await fileAnswer(trx, mail, conversation, now);
        if (!(await recordKey(trx, key, messageId, now, inboundSeq))) throw new AlreadyImported();
        return conversation === undefined ? 'message' : 'answer';
      })
      .catch((error: unknown) => {
        if (error instanceof AlreadyImported) return 'already-imported' as const;
        throw error;
      });
    if (outcome !== 'already-imported') wake();
    return { outcome, key };
  };
}

/** How long an instance that took a mail's move on has to do it before another may (it died meanwhile). */
const MOVE_CLAIM_MS = 60_000;

/**
 * Takes moving an imported mail out of the mailbox on, for a mail imported earlier (by this instance
 * before it stopped, or by another): true when this instance is to move it. The instance that imports
 * a mail holds the claim from the import's transaction on.
 */
export async function claimMove(db: Db, key: string, now = new Date()) {
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
  return result.numUpdatedRows > 0n;
}

/** Where an imported mail was moved to, so that erasing its message deletes that copy too. */
export async function recordMove(db: Db, key: string, folder: string, uidValidity: string, uid: number) {
  await db
    .updateTable('imported_mails')
    .set({ folder, folder_uid_validity: uidValidity, folder_uid: uid })
    .where('mail_key', '=', key)
    .execute();
}

export type ImportMail = ReturnType<typeof mailImport>;
