import type { Db } from '../db/database.js';
import type { WakeWorkers } from '../queue/events.js';
import { type MailSource, mailSource } from '../queue/mail-source.js';
import type { Mailer } from '../queue/mailer.js';
import { conversationAddress } from './conversation-address.js';
import { replyMail, type ReplySettings } from './reply-mail.js';
import { replyRepository } from './reply-repository.js';

/**
 * The operators' replies, delivered by the mail worker with its retries and leases; a sent one wakes the
 * workers of what it announced (its `message.replied` webhooks).
 */
export function replyMails(
  db: Db,
  mailer: Mailer,
  settings: ReplySettings,
  secret: () => string,
  wake: WakeWorkers,
): MailSource {
  const replies = replyRepository(db);
  return mailSource(replies.claim, (reply) => ({
    log: { messageId: reply.id, kind: 'reply', reply: reply.seq },
    mail: async () => replyMail(reply, settings, conversationAddress(settings.address, reply.id, secret())),
    // Erased while it was being written: take the copy back.
    async record(outcome) {
      const { found, wake: announced } = await replies.record(reply.seq, outcome);
      wake(announced);
      if (!found) await mailer.withdraw(reply.mail_id);
    },
  }));
}
