/** The operators' API under /admin/api: paths, header and cookies, as the server, the inbox and the tests name them. */

/** Every path of the operators' API starts with it. */
export const ADMIN_API_PREFIX = '/admin/api';

const base = ADMIN_API_PREFIX;

export const adminApiPaths = {
  /**
   * POST `{ email }`: queues a one-time sign-in link for an operator; 202 whoever the address is, and
   * in the same time.
   */
  requestLink: `${base}/sign-in/link`,
  /**
   * POST `{ token }`: trades the link's token, the moment the page opens, for a ticket in an HttpOnly
   * cookie (the token then works no more): `{ operator: { email } }`.
   */
  linkClaim: `${base}/sign-in/link/claim`,
  /** POST, with the ticket cookie: WebAuthn registration options for the operator the link was sent to. */
  linkOptions: `${base}/sign-in/link/options`,
  /** POST `{ credential }`, with the ticket cookie: registers the passkey, uses up the link and starts a session. */
  linkVerify: `${base}/sign-in/link/verify`,
  /** POST: WebAuthn authentication options (any registered passkey). */
  passkeyOptions: `${base}/sign-in/passkey/options`,
  /** POST `{ credential }`: checks the passkey and starts a session. */
  passkeyVerify: `${base}/sign-in/passkey/verify`,
  /** GET: `{ operator, csrfToken }` of the session. */
  session: `${base}/session`,
  /** POST: ends the session. */
  signOut: `${base}/sign-out`,
  /**
   * GET: the signed-in operator's passkeys: `{ passkeys: [{ id, name, createdAt, lastUsedAt,
   * flaggedAt, current }] }`.
   */
  passkeys: `${base}/passkeys`,
  /** POST `{ id, name }`: renames one of the operator's own passkeys. */
  renamePasskey: `${base}/passkeys/rename`,
  /**
   * POST `{ id }`: deletes one of the operator's own passkeys and ends the sessions it started:
   * `{ signedOut }` (true when this session was one of them).
   */
  removePasskey: `${base}/passkeys/remove`,
  /** GET: every operator; POST `{ email }`: invites one. */
  operators: `${base}/operators`,
  /** POST `{ email }`: revokes an operator and ends their sessions at once. */
  revokeOperator: `${base}/operators/revoke`,
  /**
   * GET: a page of the inbox, newest first (`status`, `spam`, `site`, `since`, `until`, `search`,
   * `before`, `limit`; `after` a seq: only newer messages, for polling); restricted messages come
   * marked, without their subject. `/:id`: one message (a restricted one without its text); POST
   * `/:id/read` makes a new message read, `/:id/reveal` gives a restricted message's text (audited),
   * `/:id/status` `{ status }`, `/:id/spam` `{ spam }`, and `/:id/retry`, which queues the message's
   * failed mails again: `{ queued }`. The conversation: POST `/:id/replies` `{ text, basedOn }` sends a
   * reply (201 `{ reply }`, 409 `conversation_changed` with the newer `reply`), `/:id/replies/:seq/retry`
   * sends a failed one again, `/:id/notes` `{ text }` adds a note (201 `{ note }`), `/:id/assign`
   * `{ operator }` (an address or null), `/:id/presence` `{ activity }` says the operator is viewing or
   * replying and answers `{ others }`; GET `/:id/version` gives `{ threadVersion }`, which changes with
   * anything the open message shows. Opening (GET `/:id`, audited) gives the newest page of the thread
   * and an `openGrant`; the open message then reads GET `/:id/updates?after=&grant=` (what changed since a
   * point) and `/:id/thread?before=&grant=` (the page before a point) as part of that opening. A
   * restricted message's thread comes without texts and file names until `/:id/reveal`, which gives them
   * and a `revealGrant` for those reads (`&reveal=`) and for its files.
   */
  messages: `${base}/messages`,
  /**
   * GET `/:seq`: a file an imported mail carried, only ever as a download (`Content-Disposition:
   * attachment`, `application/octet-stream`, `nosniff`); audited. A restricted person's file only with
   * `?reveal=` the grant of a reveal of its message (403 `reveal_required` without).
   */
  attachments: `${base}/attachments`,
  /** GET: `{ savedReplies }`; POST `{ name, text }` adds one; `/:seq` POST changes it, `/:seq/delete` deletes it. */
  savedReplies: `${base}/saved-replies`,
  /** POST `{ name }`: the signed-in operator's name, which visitors see on replies. */
  operatorName: `${base}/account/name`,
  /** GET: the messages of the same filter (no paging) as a download, `format=csv` or `json`. */
  exportMessages: `${base}/messages/export`,
  /** GET: the audit log, newest first (`before`, `limit`). */
  audit: `${base}/audit`,
  /**
   * GET: what the inbox shows of the server's settings: `{ siteName, siteKeys, retention: { messagesDays,
   * networkDetailsDays }, session: { idleMinutes, maxHours }, spam: { filter, thresholdPoints,
   * retentionDays, classifier } }`.
   */
  settings: `${base}/settings`,
  /**
   * GET: `{ endpoints }`; POST a webhookEndpointBody: adds one (201 `{ endpoint, secret }`, the one time the
   * secret is shown; 400 `webhook_url_refused` with why). `/:id` POST changes one, `/:id/delete` deletes
   * it with its log, `/:id/rotate` gives it a new secret (`{ endpoint, secret }`; the old one signs too
   * for a day). Endpoints from the settings are listed, not changed.
   */
  webhooks: `${base}/webhooks`,
  /**
   * GET: the delivery log, newest first (`endpoint`, `message`, `status`, `before`, `limit`):
   * `{ deliveries, nextBefore }`; POST `/resend` `{ seqs }` queues those deliveries again: `{ queued }`.
   */
  webhookDeliveries: `${base}/webhook-deliveries`,
  /** POST `{ email }`: everything held about the address, as a JSON download (GDPR article 15). */
  subjectAccess: `${base}/subjects/access`,
  /**
   * POST `{ email }`: erases the address's messages, their mails and .eml copies and its opt-out entry:
   * `{ messages, notificationFiles }` (article 17). 503 `erase_incomplete` when the rows are gone but
   * SQLite's write-ahead log could not be cleared of them yet: send it again.
   */
  eraseSubject: `${base}/subjects/erase`,
  /** POST `{ email }`: keeps the address's messages but leaves them out of exports: `{ messages }` (article 18). */
  restrictSubject: `${base}/subjects/restrict`,
  /** POST `{ email }`: withdraws the address's marketing consent and suppresses it: `{ optedOut: true }`. */
  optOutSubject: `${base}/subjects/opt-out`,
} as const;

/** Where an invited operator lands; the token follows in the fragment, which is never sent to a server. */
export const ADMIN_SIGN_IN_PAGE_PATH = '/admin/sign-in';

/** The inbox app's pages: the server answers each with the app, which draws the one its path names. */
export const adminPages = {
  inbox: '/admin',
  signIn: ADMIN_SIGN_IN_PAGE_PATH,
  privacy: '/admin/privacy',
  operators: '/admin/operators',
  audit: '/admin/audit',
  /** The signed-in operator's own passkeys and name. */
  account: '/admin/account',
  /** The named texts operators insert into replies. */
  savedReplies: '/admin/saved-replies',
  /** Where the company's systems hear of messages, and how each delivery went. */
  webhooks: '/admin/webhooks',
} as const;

/** The inbox's address of one message, as mails and webhooks link to it. */
export const inboxMessagePath = (messageId: string) =>
  `${adminPages.inbox}?message=${encodeURIComponent(messageId)}`;

/** The request header that carries the session's CSRF token on every state-changing request. */
export const ADMIN_CSRF_HEADER = 'x-admin-csrf';

/** The session cookie of a site served over http. */
export const ADMIN_SESSION_COOKIE = 'admin_session';

/** The session cookie of an https site: Secure, and with the __Host- prefix. */
export const SECURE_ADMIN_SESSION_COOKIE = '__Host-admin_session';

/** The ticket a claimed sign-in link leaves in the browser, over http and over https. */
export const ADMIN_LINK_COOKIE = 'admin_link';
export const SECURE_ADMIN_LINK_COOKIE = '__Host-admin_link';

/**
 * Sent (`1`) by requests the inbox makes on its own (polling for new messages): the session answers them
 * but does not count them as the operator's activity, so an unattended tab still signs out when idle.
 */
export const ADMIN_BACKGROUND_HEADER = 'x-admin-background';
