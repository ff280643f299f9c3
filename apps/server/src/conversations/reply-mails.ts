import type { Db } from '../db/database.js';
import type { MailSource } from '../notifications/mail-source.js';
import type { Mailer } from '../notifications/mailer.js';
import { conversationAddress } from './conversation-address.js';
import { replyMail, type ReplySettings } from './reply-mail.js';
import { replyRepository } from './reply-repository.js';

/** The operators' replies, delivered by the outbox worker with its retries and leases. */
export function replyMails(
  db: Db,
  mailer: Mailer,
  settings: ReplySettings,
  secret: () => string,
): MailSource {
  const replies = replyRepository(db);
  return {
    async claim(now, leaseMs, limit) {
      return (await replies.claim(now, leaseMs, limit)).map((reply) => ({
        attempts: reply.attempts,
        log: { messageId: reply.id, kind: 'reply', reply: reply.seq },
        mail: async () =>
          replyMail(reply, settings, conversationAddress(settings.address, reply.id, secret())),
        // Erased while it was being written: take the copy back.
        async record(outcome) {
          if (!(await replies.record(reply.seq, outcome))) await mailer.withdraw(reply.mail_id);
        },
      }));
    },
  };
}
