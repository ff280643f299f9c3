import type { Generated } from 'kysely';

/** Stored as 0 or 1, the same in SQLite and PostgreSQL. */
export type Flag = 0 | 1;

/** Where a message stands in the inbox; spam is a flag of its own. */
export const messageStatuses = ['new', 'read', 'answered', 'archived'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export type MessagesTable = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  marketing_consent: Flag;
  /** ISO 8601 time the visitor ticked the box, null without; marketing also needs it confirmed. */
  consent_at: string | null;
  site_key: string;
  ip: string;
  user_agent: string;
  /** ISO 8601, UTC. */
  received_at: string;
  spam: Flag;
  /** Processing restricted at the person's request: kept, but left out of exports and marketing. */
  restricted: Generated<Flag>;
  status: Generated<MessageStatus>;
  seq: Generated<number>;
};

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A notification to the company, or the link that asks the visitor to confirm the marketing consent. */
export type OutboxKind = 'notification' | 'confirmation';

/** One mail about one message, written in the same transaction as the message. */
export type OutboxTable = {
  seq: Generated<number>;
  message_id: string;
  kind: Generated<OutboxKind>;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

/** Addresses that opted out of marketing; stored lower-case. */
export type SuppressionsTable = {
  email: string;
  created_at: string;
};

/**
 * Double opt-in, one row per address (lower-case): a ticked box is pending until the person opens the
 * link mailed to the address and confirms. The row is the proof of consent and lives as long as its message.
 */
export type MarketingConsentsTable = {
  email: string;
  /** The message whose box was ticked: it tells the site, time, address and browser of the request. */
  message_id: string;
  /** ISO 8601 time the box was ticked. */
  requested_at: string;
  /** ISO 8601 time after which the link confirms nothing. */
  expires_at: string;
  /** ISO 8601 time the person confirmed; null while pending. */
  confirmed_at: string | null;
};

export type Database = {
  messages: MessagesTable;
  outbox: OutboxTable;
  suppressions: SuppressionsTable;
  marketing_consents: MarketingConsentsTable;
};
