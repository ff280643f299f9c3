import { conversationAddress } from '../conversations/conversation-address.js';
import type { Db } from '../db/database.js';
import { acknowledgementMailId, answerNoticeMailId, notificationMailId } from '../queue/mail-ids.js';
import { type AcknowledgementSettings, acknowledgementMail } from './acknowledgement-mail.js';
import { answerNoticeMail } from './answer-notice-mail.js';
import { type ConfirmationSettings, confirmationMail } from './confirmation-mail.js';
import { type MailSource, mailSource } from '../queue/mail-source.js';
import type { Mailer } from '../queue/mailer.js';
import { type NotificationMailSettings, notificationMail } from './notification-mail.js';
import { outboxRepository } from './outbox-repository.js';

/** The visitor's acknowledgement: what it says, when it says to expect an answer, the key of its Reply-To. */
export type AcknowledgementOptions = AcknowledgementSettings & {
  /** The first-response clock's due time for a message received then (business hours). */
  answerExpectedBy: (receivedAt: Date) => Promise<Date>;
  secret: () => string;
};

/**
 * The mails about visitors' messages in the outbox table: notifications to the company, confirmation
 * links, answers' notices and the visitors' acknowledgements.
 */
export function messageMails(
  db: Db,
  mailer: Mailer,
  mail: NotificationMailSettings,
  confirmation: ConfirmationSettings,
  acknowledgement: AcknowledgementOptions,
): MailSource {
  const outbox = outboxRepository(db);
  type Row = Awaited<ReturnType<typeof outbox.claim>>[number];
  const mailOf = async (row: Row) => {
    switch (row.kind) {
      case 'confirmation':
        return confirmationMail(row, confirmation);
      case 'answer':
        return answerNoticeMail(row, mail);
      case 'acknowledgement':
        return acknowledgementMail(
          row,
          await acknowledgement.answerExpectedBy(new Date(row.received_at)),
          conversationAddress(acknowledgement.replyAddress, row.id, acknowledgement.secret()),
          acknowledgement,
        );
      default:
        return notificationMail(row, mail);
    }
  };
  const mailIdOf = (row: Row) =>
    row.kind === 'answer'
      ? answerNoticeMailId(row.id, row.inbound_seq, mail.from)
      : row.kind === 'acknowledgement'
        ? acknowledgementMailId(row.id, acknowledgement.from)
        : notificationMailId(row.id, mail.from);
  return mailSource(outbox.claim, (row) => ({
    log: { messageId: row.id, kind: row.kind },
    mail: async () => mailOf(row),
    // Erased while its mail was being written: take the copy back.
    async record(outcome) {
      if (!(await outbox.record(row.seq, outcome))) await mailer.withdraw(mailIdOf(row));
    },
  }));
}
