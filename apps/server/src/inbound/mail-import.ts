import type { FastifyBaseLogger } from 'fastify';
import { conversationOf } from '../conversations/conversation-address.js';
import { queueMessageOutbound } from '../contact/queue-message-outbound.js';
import type { Db } from '../db/database.js';
import { type WakeWorkers, type Worker } from '../queue/events.js';
import { spamDigestRepository } from '../spam/spam-digest-repository.js';
import type { JudgeMessage } from '../spam/spam-filter.js';
import { isOwnMailId, messageIdInMail, spamDigestDayInMail } from '../queue/mail-ids.js';
import { type Imported, importSteps } from './import-steps.js';
import { type InboundMail, type ReadingOptions, readInboundMail, withoutFiles } from './inbound-mail.js';
import { inboundRepository, type MailboxPlace } from './inbound-repository.js';
import { fileAnswer, fileMessage } from './mail-filing.js';
import { mailSenderKey } from './sender-key.js';
import { mailSetAside } from './set-aside.js';

export type MailImportOptions = {
  /** The site key a mail that starts a conversation is filed under (the built site's own). */
  siteKey: string;
  consentConfirmDays: number;
  judge: JudgeMessage;
  secret: () => string;
  log: FastifyBaseLogger;
  /** Tells the workers of the mails and webhooks a filed mail announced. */
  wake: WakeWorkers;
  reading: ReadingOptions;
  /** INBOUND_DAILY_LIMIT: the most mails a day filed from one sender, and answers in one conversation. */
  dailyLimit: number;
  /** INBOUND_DAILY_FILE_BYTES: the most bytes of files kept from mail a day; later files are named only. */
  dailyFileBytes: number;
};

/**
 * Files each mail read from the company's mailbox exactly once (decisions 029 and 034): in one
 * transaction its key is recorded (a second import of it changes nothing), the mailbox's progress moves
 * on, and the mail becomes a visitor's answer in the conversation it names (by the Message-ID of a reply
 * we sent, or the +token of the address it was sent to) or a message of its own; both are judged by the
 * spam filter. A mail that cannot be read is set aside as a message that says so, with the mail attached.
 */
export function mailImport(db: Db, options: MailImportOptions) {
  const { secret, log } = options;
  const repository = inboundRepository(db);
  const steps = importSteps(db, secret, options);
  const { keyOf, placeKey, once, recordKey, recordedBefore, kept, roomFor, senderOverLimit, overLimit } =
    steps;
  const setAside = mailSetAside(db, steps, options);
  const spamDigests = spamDigestRepository(db);

  /** The conversation the mail answers: one whose reply it cites, or whose signed address it was sent to. */
  async function conversationFor(mail: InboundMail) {
    const named = [
      await repository.messageOfReplyMail(mail.answers),
      ...mail.recipients.map((address) => conversationOf(address, secret())),
    ].filter((id): id is string => id !== undefined);
    return repository.conversationAmong(named);
  }

  /**
   * One of the server's own mails (a notification sent to the mailbox it reads): never filed, or each
   * notification would be a message that is notified again. Recorded with the message it is about, or
   * the spam digest's day, so erasing that message (or a person the digest listed) deletes this copy
   * too; deleted at once when that message (or one the digest listed) is gone already. Retention deletes
   * the copies of the others (decision 083).
   */
  async function ownMail(mailId: string, key: string, place: MailboxPlace) {
    const about = messageIdInMail(mailId);
    const spamDigestDay = spamDigestDayInMail(mailId);
    const gone =
      about !== undefined
        ? !(await repository.exists(about))
        : spamDigestDay !== undefined && (await spamDigests.listedGone(spamDigestDay));
    const outcome = await once(place, async (trx) => {
      await recordKey(trx, key, {
        messageId: gone ? null : (about ?? null),
        senderKey: null,
        spamDigestDay,
      });
      return 'own-mail';
    });
    if (gone && outcome === 'own-mail') return { outcome, action: { kind: 'delete' } } satisfies Imported;
    return kept(outcome, key);
  }

  async function importMail(mail: InboundMail, place: MailboxPlace): Promise<Imported> {
    const key = keyOf('imported-mail', mail.mailId ?? placeKey(place));
    // A mail read before is neither judged nor filed again.
    if (await repository.isRecorded(key)) return recordedBefore(key);
    if (mail.mailId && isOwnMailId(mail.mailId)) return ownMail(mail.mailId, key, place);
    const senderKey = mailSenderKey(secret(), mail.fromAddress);
    const now = new Date().toISOString();
    const conversation = await conversationFor(mail);
    if (
      (await senderOverLimit(senderKey, now)) ||
      (conversation !== undefined &&
        (await repository.answersInConversationSince(conversation.id, now)) >= options.dailyLimit)
    )
      return overLimit(place, key, { messageId: conversation?.id ?? null, senderKey });
    // Judged before the transaction, as a form's message is: the filter reads the database too.
    const verdict = await options.judge(
      {
        name: mail.fromName,
        email: mail.fromAddress,
        subject: mail.subject,
        body: mail.text,
        honeypot: false,
        timing: { kind: 'cross-site' },
        dmarc: mail.dmarc,
      },
      log,
    );
    const spam = verdict.spam || conversation?.spam === 1;
    const filed = spam
      ? withoutFiles(mail, 'judged spam')
      : (await roomFor(
            mail.attachments.reduce((sum, file) => sum + file.content.length, 0),
            now,
          ))
        ? mail
        : withoutFiles(mail, "the day's storage for files is full");
    let told: Worker[] = [];
    const outcome = await once(place, async (trx, transaction) => {
      if (conversation !== undefined) {
        const answer = await fileAnswer(
          trx,
          transaction,
          filed,
          conversation,
          spam ? 'spam' : verdict.verdict,
          now,
        );
        told = answer.told;
        await recordKey(trx, key, { messageId: conversation.id, inboundSeq: answer.seq, senderKey });
        return 'answer';
      }
      const id = await fileMessage(trx, filed, verdict, options.siteKey, now);
      if (!spam && !mail.automatic)
        told = await queueMessageOutbound(
          transaction,
          [
            {
              id,
              email: mail.fromAddress,
              marketing_consent: 0,
              site_key: options.siteKey,
              received_at: now,
            },
          ],
          options.consentConfirmDays,
        );
      await recordKey(trx, key, { messageId: id, senderKey });
      return 'message';
    });
    if (outcome !== 'already-imported') options.wake(told);
    return kept(outcome, key);
  }

  return {
    /** Reads and files a raw mail; one the parser refuses, or that names no sender, is set aside. */
    async importRaw(raw: Buffer, place: MailboxPlace): Promise<Imported> {
      let mail: InboundMail;
      try {
        mail = await readInboundMail(raw, options.reading);
      } catch (error) {
        return setAside(raw, place, `the mail reader refused it (${(error as Error).message})`);
      }
      if (!mail.fromAddress) return setAside(raw, place, 'it names no sender');
      return importMail(mail, place);
    },
    setAside,
  };
}

export type MailImport = ReturnType<typeof mailImport>;
