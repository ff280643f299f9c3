import type { Generated } from 'kysely';

/** Stored as 0 or 1, the same in SQLite and PostgreSQL. */
export type Flag = 0 | 1;

export type MessagesTable = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  marketing_consent: Flag;
  /** ISO 8601 time the visitor gave consent, null without consent. */
  consent_at: string | null;
  site_key: string;
  ip: string;
  user_agent: string;
  /** ISO 8601, UTC. */
  received_at: string;
  spam: Flag;
  /** Processing restricted at the person's request: kept, but left out of exports and marketing. */
  restricted: Generated<Flag>;
  seq: Generated<number>;
};

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** One notification to the company about one message, written in the same transaction as the message. */
export type OutboxTable = {
  seq: Generated<number>;
  message_id: string;
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

export type Database = {
  messages: MessagesTable;
  outbox: OutboxTable;
  suppressions: SuppressionsTable;
};
