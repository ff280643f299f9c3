import type { HistoryConversation, MessageStatus, SenderHistory } from '@site/api-contract';
import type { Actor, AuditLog } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { isPublicMailDomain } from '../spam/public-mail-domains.js';
import { lowerCaseDomain } from '../spam/spam-text.js';
import { senderHistoryRepository } from './sender-history-repository.js';

type Row = {
  id: string;
  email: string;
  subject: string;
  received_at: string;
  status: MessageStatus;
  restricted: number;
};

/**
 * The sender's history beside a message: the earlier conversations of its address, and of the others at
 * its company's domain (none for a public mail provider, where an address says nothing of the others).
 * It reads personal data of the sender and of their colleagues, so each reading is audited, naming the
 * message by id. A restricted person's conversation is listed without its subject.
 */
export function senderHistoryReading(db: Db, audit: AuditLog) {
  const history = senderHistoryRepository(db);

  const withAnswerers = async (rows: readonly Row[]): Promise<HistoryConversation[]> => {
    const answerers = await history.answerers(rows.map((row) => row.id));
    return rows.map((row) => {
      const seen = new Set<number>();
      const answeredBy = answerers
        .filter(
          (answerer) => answerer.message_id === row.id && !seen.has(answerer.id) && seen.add(answerer.id),
        )
        .map(({ email, name }) => ({ email, name }));
      return {
        id: row.id,
        email: row.email,
        subject: row.restricted ? null : row.subject,
        receivedAt: row.received_at,
        status: row.status,
        answeredBy,
      };
    });
  };

  return {
    /** Undefined when there is no such message; 'restricted' when its sender restricted processing. */
    async senderHistory(messageId: string, actor: Actor): Promise<SenderHistory | 'restricted' | undefined> {
      const message = await history.message(messageId);
      if (!message) return undefined;
      if (message.restricted) return 'restricted';
      const domain = lowerCaseDomain(message.email);
      const company = domain !== '' && !isPublicMailDomain(domain);
      const result: SenderHistory = {
        address: await withAnswerers(await history.ofAddress(message.email, message.seq)),
        domain: company
          ? {
              name: domain,
              conversations: await withAnswerers(await history.ofDomain(domain, message.email, message.seq)),
            }
          : null,
      };
      await audit.record({ ...actor, action: 'sender-history-read', target: messageId });
      return result;
    },
  };
}
