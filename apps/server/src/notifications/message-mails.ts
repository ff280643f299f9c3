import type { Db } from '../db/database.js';
import { answerNoticeMailId, notificationMailId } from '../queue/mail-ids.js';
import { answerNoticeMail } from './answer-notice-mail.js';
import { type ConfirmationSettings, confirmationMail } from './confirmation-mail.js';
import { type MailSource, mailSource } from '../queue/mail-source.js';
import type { Mailer } from '../queue/mailer.js';
import { type NotificationMailSettings, notificationMail } from './notification-mail.js';
import { outboxRepository } from './outbox-repository.js';

/** The mails about visitors' messages in the outbox table: notifications to the company, confirmation links. */
export function messageMails(
  db: Db,
  mailer: Mailer,
  mail: NotificationMailSettings,
  confirmation: ConfirmationSettings,
): MailSource {
  const outbox = outboxRepository(db);
  return mailSource(outbox.claim, (row) => ({
    log: { messageId: row.id, kind: row.kind },
    mail: async () =>
      row.kind === 'confirmation'
        ? confirmationMail(row, confirmation)
        : row.kind === 'answer'
          ? answerNoticeMail(row, mail)
          : notificationMail(row, mail),
    // Erased while its notification was being written: take the copy back.
    async record(outcome) {
      if (!(await outbox.record(row.seq, outcome)))
        await mailer.withdraw(
          row.kind === 'answer'
            ? answerNoticeMailId(row.id, row.inbound_seq, mail.from)
            : notificationMailId(row.id, mail.from),
        );
    },
  }));
}
