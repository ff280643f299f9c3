import type { FirstResponse, MessageDetail, MessageMail, MessageSummary } from '@site/api-contract';
import type { Selectable } from 'kysely';
import { replyByMail } from '../conversations/reply-mail.js';
import type { MessageRow, OutboxTable } from '../db/types.js';
import { shownVerdict } from '../spam/message-verdict.js';
import { readReasons } from '../spam/reason-details.js';
import { visitSourceView } from '../analytics/visit-source.js';

/**
 * A stored message as the inbox's list shows it, with its first-response clock (first-response-view.ts):
 * a restricted one without its subject.
 */
export const summaryView = (row: MessageRow, firstResponse: FirstResponse | null): MessageSummary => ({
  id: row.id,
  seq: row.seq,
  receivedAt: row.received_at,
  name: row.name,
  email: row.email,
  subject: row.restricted ? null : row.subject,
  siteKey: row.site_key,
  status: row.status,
  restricted: row.restricted === 1,
  spamScore: row.spam_score,
  spamVerdict: shownVerdict(row),
  source: row.source,
  language: row.language,
  firstResponse,
  dmarc: row.dmarc,
});

/** Every field of a stored message; a restricted one without its text until that is asked for. */
export const detailView = (row: MessageRow, firstResponse: FirstResponse | null): MessageDetail => ({
  ...summaryView(row, firstResponse),
  message: row.restricted ? null : row.message,
  marketingConsent: row.marketing_consent === 1,
  consentAt: row.consent_at,
  ip: row.ip,
  userAgent: row.user_agent,
  spam: row.spam === 1,
  spamReasons: readReasons(row.spam_reasons),
  trainedAs: row.trained_as,
  replyByMail: replyByMail(row.email),
  visitSource: visitSourceView(row),
});

type MailRow = Pick<
  Selectable<OutboxTable>,
  'kind' | 'status' | 'attempts' | 'last_error' | 'next_attempt_at' | 'sent_at'
>;

export const mailView = (row: MailRow): MessageMail => ({
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  lastError: row.last_error,
  nextAttemptAt: row.next_attempt_at,
  sentAt: row.sent_at,
});
