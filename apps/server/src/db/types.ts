import type {
  DmarcResult,
  Language,
  MessageSource,
  MessageStatus,
  SpamVerdict,
  WebhookEventType,
} from '@site/api-contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Stored as 0 or 1, the same in SQLite and PostgreSQL. */
export type Flag = 0 | 1;

/** Where a message stands in the inbox (the inbox app and the API share the list). */
export { type MessageSource, type MessageStatus, messageStatuses } from '@site/api-contract';

/** A form message's source (decision 066): its sender's first page view of the day; null without. */
export type VisitSourceColumns = {
  visit_landing_path: string | null;
  visit_referrer_host: string | null;
  visit_utm_source: string | null;
  visit_utm_medium: string | null;
  visit_utm_campaign: string | null;
  visit_utm_term: string | null;
  visit_utm_content: string | null;
  visit_language: Language | null;
};

export type MessagesTable = VisitSourceColumns & {
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
  /** In the Spam view: the verdict shown (the mark, otherwise the filter's) is spam. */
  spam: Flag;
  /** What the spam filter made of it when it arrived (messages stored before: their spam flag). */
  spam_verdict: Generated<SpamVerdict>;
  /** An operator's Spam / Not spam mark; null while only the filter has judged. */
  spam_mark: Generated<SpamMark | null>;
  /** The spam filter's points; null for messages stored before it. */
  spam_score: number | null;
  /** JSON array of SpamReason: why the filter judged as it did. */
  spam_reasons: Generated<string>;
  /** What an operator taught the filter with this message. */
  trained_as: TrainedAs | null;
  /** As how many messages it taught it (marks made before the weight was kept: 1). */
  trained_weight: Generated<number>;
  /** Keyed hash of the text, letters only and lower-case: the same text from other addresses. */
  text_fingerprint: string | null;
  /** Processing restricted at the person's request: kept, but left out of exports and marketing. */
  restricted: Generated<Flag>;
  status: Generated<MessageStatus>;
  seq: Generated<number>;
  /** The operator the message is assigned to, if anyone. */
  assigned_to: Generated<number | null>;
  /** Where it came from: a contact form, or a mail to the company's mailbox. */
  source: Generated<MessageSource>;
  /** The language of the page it was sent from: the visitor is answered in it. */
  language: Generated<Language>;
  /**
   * ISO 8601 time a person was first shown it: a sent spam digest listed it, or an operator opened it
   * or marked it spam. Spam retention deletes only spam that was shown.
   */
  shown_at: Generated<string | null>;
  /** ISO 8601 time its first reply was queued: the first-response clock stops there. */
  first_reply_at: Generated<string | null>;
  /** How long the first reply took in business hours, in seconds; null before the clock was kept. */
  first_response_business_s: Generated<number | null>;
  /** ...and on the wall clock. */
  first_response_wall_s: Generated<number | null>;
  /** The operator who sent the first reply (an operator id); null while unanswered. */
  first_reply_by: Generated<number | null>;
  /**
   * What DMARC said of a mail's From, by the company's receiving server; null for a form's message, for
   * mail stored before it was kept, and when that server did not say.
   */
  dmarc: DmarcResult | null;
};

export type TrainedAs = 'spam' | 'ham';

/** An operator's mark on a message. */
export type SpamMark = Exclude<SpamVerdict, 'possibly-spam'>;

/** The classifier's counts: in how many spam and real messages a token (its keyed hash) was seen. */
export type SpamTokensTable = {
  token: string;
  spam: number;
  ham: number;
};

/** How many spam and real (ham) messages the classifier has learnt from. */
export type SpamTrainingTable = {
  kind: TrainedAs;
  messages: number;
  /** How often the side's counts changed: their sum versions the whole model, for caches of it. */
  changes: Generated<number>;
};

/** A stored message as a query reads it. */
export type MessageRow = Selectable<MessagesTable>;

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * A notification to the company, the link that asks the visitor to confirm the marketing consent, the
 * company's notice of a visitor's answer in a conversation, or the visitor's acknowledgement.
 */
export type OutboxKind = 'notification' | 'confirmation' | 'answer' | 'acknowledgement';

/**
 * What every queued mail's row has: its number, and how its delivery stands, which the mail worker's
 * lease and outcomes change the same way in every queue (queue/leased-queue-repository.ts).
 */
type QueuedMail = {
  seq: Generated<number>;
  status: OutboxStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
};

/**
 * One day's spam digest to the company: what went to Spam from `window_start` to `window_end`. The day
 * (in the business time zone) is unique, so instances sharing the database queue it once.
 */
export type SpamDigestsTable = QueuedMail & {
  /** YYYY-MM-DD. */
  day: string;
  window_start: string;
  window_end: string;
  /** How many messages the sent digest listed (0: there was nothing, and no mail). */
  listed: number | null;
  /** Their ids, space-separated: erasing one of them deletes the digest's .eml copy. */
  message_ids: string | null;
  sent_at: string | null;
};

/** One week's analytics mail to the company: the figures of `period_start` to `period_end` (UTC days). */
export type AnalyticsWeeklyMailsTable = QueuedMail & {
  /** The day it is sent, YYYY-MM-DD in the business time zone: unique. */
  week: string;
  period_start: string;
  period_end: string;
  sent_at: string | null;
};

/** One mail about one message, written in the same transaction as the message. */
export type OutboxTable = QueuedMail & {
  message_id: string;
  kind: Generated<OutboxKind>;
  /** An answer's notice: the inbound mail it tells of. */
  inbound_seq: Generated<number | null>;
  sent_at: string | null;
};

/** When an address was last sent the acknowledgement mail: a keyed hash of it, at most one row each. */
export type AcknowledgedSendersTable = { sender_key: string; acknowledged_at: string };

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

/** Someone who may read the inbox; the e-mail address is stored lower-case. */
export type OperatorsTable = {
  id: Generated<number>;
  email: string;
  created_at: string;
  /** Set when the operator was revoked: no sign-in, no session. An invitation clears it. */
  revoked_at: string | null;
  /** What visitors see on the operator's replies ("Anna"); null until they give it. */
  name: Generated<string | null>;
};

/** A WebAuthn credential; the id and the COSE public key in base64url. */
export type PasskeysTable = {
  credential_id: string;
  operator_id: number;
  public_key: string;
  /** The authenticator's signature counter, an unsigned 32-bit number: bigint, which pg reads as text. */
  counter: ColumnType<number | string, number, number>;
  /** The authenticator's transports, comma-separated (usb,internal,hybrid...). */
  transports: string;
  created_at: string;
  last_used_at: string | null;
  /** What the operator calls it; at first the browser and system it was made on. */
  name: Generated<string>;
  /** Set when a sign-in with it was refused because its counter went back (a copy): it signs in no more. */
  flagged_at: string | null;
};

/**
 * A one-time sign-in link; only the SHA-256 of its token is kept. Opening it trades the token for a
 * ticket (a cookie, also kept as a hash only), with which the passkey is made while the link is good.
 */
export type SignInLinksTable = {
  token_hash: string;
  operator_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  ticket_hash: string | null;
  /** The Message-ID of the mail that carried it, while a copy may be held in DATA_DIR/mail. */
  mail_id: string | null;
};

/**
 * What the sign-in rate limits count, kept a day: each admitted request for a sign-in link (known
 * address or not), each passkey sign-in begun and not completed, and each failed attempt. `refused`
 * rows record that an address was once refused in the hour (its refusal was audited); they count nothing.
 */
export type SignInRequestsTable = {
  seq: Generated<number>;
  kind: 'link' | 'passkey' | 'failure' | 'refused';
  /** A link's: HMAC (APP_SECRET) of the lower-case address, so addresses are neither kept nor guessable. */
  email_hash: string | null;
  ip: string;
  requested_at: string;
  /** A passkey sign-in's challenge: the row goes when the sign-in succeeds. */
  challenge: string | null;
};

/** What the server mails an operator of its own accord: a link they asked for, news about their passkeys. */
export type OperatorMailKind = 'sign-in-link' | 'passkey-added' | 'passkey-flagged';

/** Mails to operators, sent by the mail worker like the notifications; deleted once sent. */
export type OperatorMailsTable = QueuedMail & {
  operator_id: number;
  kind: OperatorMailKind;
  /** JSON: what the mail tells (a passkey's name, when, from which browser and address). */
  details: string;
};

export type ChallengePurpose = 'register' | 'authenticate';

/** A WebAuthn challenge the server issued; deleted as it is used. Registration binds it to an operator. */
export type WebauthnChallengesTable = {
  challenge: string;
  purpose: ChallengePurpose;
  operator_id: number | null;
  expires_at: string;
};

/** An operator's signed-in browser; only the SHA-256 of the cookie's token is kept. */
export type SessionsTable = {
  token_hash: string;
  operator_id: number;
  created_at: string;
  last_seen_at: string;
  revoked_at: string | null;
  /** The passkey that started it: removing or flagging the passkey ends the session. */
  credential_id: string | null;
};

/** What operators did, by whom and when; never a message's content. */
export type AuditLogTable = {
  seq: Generated<number>;
  /** Null when the operator command line did it. */
  operator_id: number | null;
  via: 'inbox' | 'cli';
  action: string;
  /** What the action was about: `operator:ID`, a message id, a person's keyed `ref:`, a reason. */
  target: string | null;
  at: string;
};

/** An operator's answer to a visitor, queued and leased like the outbox (decision 028). */
export type RepliesTable = QueuedMail & {
  message_id: string;
  operator_id: number;
  /** The sender's name as the mail gives it ("Anna at Example Digital"), fixed when queued. */
  from_name: string;
  body: string;
  /** The mail's Message-ID, the same for every attempt. */
  mail_id: string;
  sent_at: string | null;
};

/** A note on a message for the team; it never leaves the company. */
export type NotesTable = {
  seq: Generated<number>;
  message_id: string;
  operator_id: number;
  body: string;
  created_at: string;
};

/** A named text operators insert into a reply and edit before sending. */
export type SavedRepliesTable = {
  seq: Generated<number>;
  name: string;
  body: string;
  updated_at: string;
};

export type PresenceActivity = 'viewing' | 'replying';

/** Who has a message open, or is writing a reply to it, as of `seen_at`. */
export type PresenceTable = {
  message_id: string;
  operator_id: number;
  activity: PresenceActivity;
  seen_at: string;
};

/** A mail from the visitor (or someone else) in a conversation, read from the company's mailbox. */
export type InboundMailsTable = {
  seq: Generated<number>;
  message_id: string;
  from_name: string;
  from_address: string;
  subject: string;
  /** Plain text: the mail's text part, or its HTML made text; never HTML. */
  body: string;
  /** Its Message-ID, which later replies refer to. */
  mail_id: string | null;
  /** An out-of-office or other automatic reply (RFC 3834): it reopens nothing. */
  automatic: Flag;
  received_at: string;
  /** Judged spam, or an answer in a spam conversation: it reopens nothing, and nobody is told. */
  spam: Generated<Flag>;
  /** The spam filter's verdict (`spam` also for an answer in a spam conversation); possibly spam is labelled. */
  spam_verdict: Generated<SpamVerdict>;
  /** What DMARC said of its From, by the company's receiving server. */
  dmarc: DmarcResult | null;
};

/**
 * Every mail imported, by its key (a keyed hash of its Message-ID), so that none is imported twice, even
 * after its message was erased (message_id then null). Where the mail was moved to, if it was.
 */
export type ImportedMailsTable = {
  mail_key: string;
  message_id: string | null;
  /** The answer it was filed as (an inbound mail), so that erasing its sender deletes its copy too. */
  inbound_seq: Generated<number | null>;
  imported_at: string;
  folder: string | null;
  folder_uid_validity: string | null;
  folder_uid: number | null;
  /** When an instance took the moving of the mail on: one moves it, or two copies would land in the folder. */
  move_claimed_at: string | null;
  /** A keyed hash of the sender's address: the daily limit per sender, and erasing the sender's copies. */
  sender_key: string | null;
  /** The day of the spam digest this is, come back into the mailbox: erasing a person it listed deletes it. */
  spam_digest_day: Generated<string | null>;
  /** When its copy was queued for the mailbox reader to delete (mailbox_erasures): never queued twice. */
  erase_queued_at: Generated<string | null>;
};

/**
 * A file an imported mail carried: with the message it started, or with the visitor's answer
 * (inbound_seq). Served to operators only as a download, never inline.
 */
export type AttachmentsTable = {
  seq: Generated<number>;
  message_id: string;
  inbound_seq: number | null;
  file_name: string;
  size: number;
  content: Buffer;
  /** When it was stored (null before decision 034): the daily storage limit counts them. */
  stored_at: string | null;
};

/** A moved mail's copy whose message was erased: the mailbox reader deletes it from the folder. */
export type MailboxErasuresTable = {
  seq: Generated<number>;
  folder: string;
  uid_validity: string;
  uid: number;
};

/** How far a mailbox was read: the last UID imported, valid while its UIDVALIDITY stays. */
export type MailboxStateTable = { mailbox: string; uid_validity: string; last_uid: number };

/** Where the company's systems hear of messages (webhooks); `events` comma-separated, `site_keys` a JSON array (empty: every site). */
export type WebhookEndpointsTable = {
  id: Generated<number>;
  url: string;
  description: string;
  events: string;
  site_keys: string;
  /** `whsec_…`: signs every delivery. */
  secret: string;
  /** The secret before the last rotation, which signs deliveries beside the new one until `previous_secret_until`. */
  previous_secret: string | null;
  previous_secret_until: string | null;
  /** The endpoint of WEBHOOK_URL and WEBHOOK_SECRET, written at each start; not changed in the inbox. */
  from_settings: Generated<Flag>;
  created_at: string;
};

/** One event for one endpoint, queued with its message (or reply) and leased like the outbox. */
export type WebhookDeliveriesTable = QueuedMail & {
  /** The `webhook-id` header: the same on every attempt, so the receiver dedupes by it. */
  webhook_id: string;
  endpoint_id: number;
  event: WebhookEventType;
  message_id: string;
  /** A `message.replied` event's reply. */
  reply_seq: number | null;
  /** When it was queued, or last sent again: retried for WEBHOOK_RETRY_HOURS from then. */
  queued_at: string;
  last_attempt_at: string | null;
  response_status: number | null;
  response_snippet: string | null;
  sent_at: string | null;
};

/** The salt of the day's visitor hashes (decision 066): one row a UTC day, deleted when it is over. */
export type AnalyticsSaltsTable = { day: string; salt: string };

/** One page view a person's browser was served, kept 30 days: no IP address, user agent or cookie. */
export type AnalyticsViewsTable = {
  seq: Generated<number>;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  site_key: string;
  /** HMAC of the day's salt over address, agent and site: the same visitor within the day only. */
  visitor: string;
  viewed_at: string;
  path: string;
  language: Language;
  /** The host of another site that linked to the page; null from our own pages or none. */
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  device: string;
  /** The browser said it was a navigation to a document (`Sec-Fetch-Dest: document`). */
  navigation: Flag;
  /** ISO 3166 code from the local database of ANALYTICS_GEOIP_DB; null without one or not found. */
  country: string | null;
};

/** Visitors of the day who fetched one of the pages' assets (a browser does; most scripts do not). */
export type AnalyticsAssetVisitorsTable = { day: string; site_key: string; visitor: string };

/** Visitors of the day who started the contact page's form (touched its first field). */
export type AnalyticsFormStartsTable = { day: string; site_key: string; visitor: string };

/** Page requests left out by their headers, counted per day and reason: nothing of the visitor. */
export type AnalyticsLeftOutTable = { day: string; site_key: string; reason: string; requests: number };

/** The figures of a day that is over, per dimension (path, referrer, ...) and value. */
export type AnalyticsDailyTable = {
  day: string;
  site_key: string;
  dimension: string;
  value: string;
  visitors: number;
  views: number;
};

/** The daily roll-up's rows but the totals, summed per month once the month is over. */
export type AnalyticsMonthlyTable = Omit<AnalyticsDailyTable, 'day'> & { month: string };

export type Database = {
  messages: MessagesTable;
  outbox: OutboxTable;
  spam_digests: SpamDigestsTable;
  suppressions: SuppressionsTable;
  marketing_consents: MarketingConsentsTable;
  operators: OperatorsTable;
  passkeys: PasskeysTable;
  sign_in_links: SignInLinksTable;
  sign_in_requests: SignInRequestsTable;
  webauthn_challenges: WebauthnChallengesTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  operator_mails: OperatorMailsTable;
  spam_tokens: SpamTokensTable;
  spam_training: SpamTrainingTable;
  replies: RepliesTable;
  notes: NotesTable;
  saved_replies: SavedRepliesTable;
  presence: PresenceTable;
  inbound_mails: InboundMailsTable;
  imported_mails: ImportedMailsTable;
  mailbox_state: MailboxStateTable;
  mailbox_erasures: MailboxErasuresTable;
  attachments: AttachmentsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  analytics_salts: AnalyticsSaltsTable;
  analytics_views: AnalyticsViewsTable;
  analytics_asset_visitors: AnalyticsAssetVisitorsTable;
  analytics_form_starts: AnalyticsFormStartsTable;
  analytics_left_out: AnalyticsLeftOutTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_weekly_mails: AnalyticsWeeklyMailsTable;
  analytics_monthly: AnalyticsMonthlyTable;
  acknowledged_senders: AcknowledgedSendersTable;
};
