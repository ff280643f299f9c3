import type { Db } from '../db/database.js';
import { answerNoticeId, answerNoticeMail } from './answer-notice-mail.js';
import { type ConfirmationSettings, confirmationMail } from './confirmation-mail.js';
import type { MailSource } from './mail-source.js';
import type { Mailer } from './mailer.js';
import {
  type NotificationMailSettings,
  notificationMail,
  notificationMessageId,
} from './notification-mail.js';
import { outboxRepository } from './outbox-repository.js';

/** The mails about visitors' messages in the outbox table: notifications to the company, confirmation links. */
export function messageMails(
  db: Db,
  mailer: Mailer,
  mail: NotificationMailSettings,
  confirmation: ConfirmationSettings,
): MailSource {
  const outbox = outboxRepository(db);
  return {
    async claim(now, leaseMs, limit) {
      return (await outbox.claim(now, leaseMs, limit)).map((row) => ({
        attempts: row.attempts,
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
                ? answerNoticeId(row, mail.from)
                : notificationMessageId(row.id, mail.from),
            );
        },
      }));
    },
  };
}
