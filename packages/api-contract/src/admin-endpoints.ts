/**
 * Every endpoint of the operators' API under /admin/api, once: its method and its path, with `:name` for
 * each parameter. Its schemas (body or query, answer) are the entry of the same name in `adminRoutes`
 * (admin-routes.ts); the server registers each route from there and the inbox calls it through here, so
 * no path is written twice. A module of plain values: the inbox takes it without zod (decision 037).
 */

/** Every path of the operators' API starts with it. */
export const ADMIN_API_PREFIX = '/admin/api';

const base = ADMIN_API_PREFIX;
const get = <const P extends string>(path: P) => ({ method: 'GET', path: `${base}${path}` }) as const;
const post = <const P extends string>(path: P) => ({ method: 'POST', path: `${base}${path}` }) as const;

export const adminEndpoints = {
  // Before there is a session: the public XSRF double submit guards these.
  /** A one-time sign-in link for an operator; 202 whoever the address is, and in the same time. */
  requestSignInLink: post('/sign-in/link'),
  /** Trades the link's token for a ticket in an HttpOnly cookie; the token then works no more. */
  claimSignInLink: post('/sign-in/link/claim'),
  /** WebAuthn registration options for the operator the claimed link was sent to. */
  signInLinkOptions: post('/sign-in/link/options'),
  /** Registers the passkey, uses up the link and starts a session. */
  registerPasskey: post('/sign-in/link/verify'),
  /** WebAuthn authentication options (any registered passkey). */
  passkeyOptions: post('/sign-in/passkey/options'),
  /** Checks the passkey and starts a session. */
  signInWithPasskey: post('/sign-in/passkey/verify'),

  session: get('/session'),
  signOut: post('/sign-out'),
  operators: get('/operators'),
  /** Invites an operator: a sign-in link by mail. */
  inviteOperator: post('/operators'),
  /** Revokes an operator and ends their sessions at once. */
  revokeOperator: post('/operators/revoke'),

  /** The signed-in operator's own passkeys. */
  passkeys: get('/passkeys'),
  renamePasskey: post('/passkeys/rename'),
  /** Deletes one of the operator's own passkeys and ends the sessions it started. */
  removePasskey: post('/passkeys/remove'),
  /** The name visitors see on the operator's replies. */
  setOperatorName: post('/account/name'),

  /** A page of the inbox, newest first; `after`: only newer messages, for polling. */
  messages: get('/messages'),
  /** The messages of the filter (no paging) as a download. */
  exportMessages: get('/messages/export'),
  /** The opening of a message (audited): its fields, mails, the newest page of its thread, a grant. */
  openMessage: get('/messages/:id'),
  /** What changed in an open message after the items it shows (decision 038). */
  messageUpdates: get('/messages/:id/updates'),
  /** Marks a new message read. */
  markRead: post('/messages/:id/read'),
  /** A restricted message's text and its conversation's (audited), and a grant for later reads. */
  revealMessage: post('/messages/:id/reveal'),
  setStatus: post('/messages/:id/status'),
  markSpam: post('/messages/:id/spam'),
  /** Queues the message's failed mails again. */
  retryMails: post('/messages/:id/retry'),

  /** Sends a reply: the stored reply, or 409 when someone else answered after `basedOn`. */
  sendReply: post('/messages/:id/replies'),
  retryReply: post('/messages/:id/replies/:seq/retry'),
  addNote: post('/messages/:id/notes'),
  assign: post('/messages/:id/assign'),
  /** Says the operator is viewing or replying; the others there. */
  presence: post('/messages/:id/presence'),
  /** The thread's version, which changes with anything the open message shows. */
  threadVersion: get('/messages/:id/version'),
  /** The earlier conversations of the message's sender and of its company domain (audited). */
  senderHistory: get('/messages/:id/history'),
  /** The page of the thread before a point ("Show earlier"), part of the opening. */
  earlierThread: get('/messages/:id/thread'),
  /** A file an imported mail carried, only ever as a download (audited). */
  attachment: get('/attachments/:seq'),

  savedReplies: get('/saved-replies'),
  addSavedReply: post('/saved-replies'),
  changeSavedReply: post('/saved-replies/:seq'),
  removeSavedReply: post('/saved-replies/:seq/delete'),

  /** The audit log, newest first. */
  audit: get('/audit'),
  /** What the inbox shows of the server's settings. */
  settings: get('/settings'),
  /** The analytics of a period and the one before it, with visitors and page views over time. */
  analytics: get('/analytics'),

  /** The first-response report of a range of days (audited: it counts each operator's first replies). */
  reports: get('/reports'),
  /** The same figures as a CSV download. */
  exportReport: get('/reports/export'),

  // A person's GDPR requests (articles 15, 17, 18 and the marketing opt-out).
  subjectAccess: post('/subjects/access'),
  eraseSubject: post('/subjects/erase'),
  restrictSubject: post('/subjects/restrict'),
  optOutSubject: post('/subjects/opt-out'),

  webhooks: get('/webhooks'),
  /** Adds an endpoint: its secret, the one time it is shown. */
  addWebhook: post('/webhooks'),
  changeWebhook: post('/webhooks/:id'),
  removeWebhook: post('/webhooks/:id/delete'),
  /** A new secret; the old one signs too for a day. */
  rotateWebhookSecret: post('/webhooks/:id/rotate'),
  webhookDeliveries: get('/webhook-deliveries'),
  /** Queues those deliveries again. */
  resendWebhookDeliveries: post('/webhook-deliveries/resend'),
} as const;

export type AdminEndpoints = typeof adminEndpoints;
export type AdminEndpointName = keyof AdminEndpoints;
export type AdminEndpoint = AdminEndpoints[AdminEndpointName];

/** The names of a path's `:parameters`. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a path's parameters take: `{ id: string }` for `/messages/:id`. */
export type PathParams<Path extends string> = { [Name in ParamNames<Path>]: string | number };

/** The path of an endpoint with its parameters filled in (each encoded). */
export const adminPath = <Path extends string>({ path }: { path: Path }, params: PathParams<Path>): string =>
  path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, string | number>)[name])),
  );

/** For tests and scripts that write a URL by hand: the endpoints without parameters, and the parents. */
export const adminApiPaths = {
  requestLink: adminEndpoints.requestSignInLink.path,
  linkClaim: adminEndpoints.claimSignInLink.path,
  linkOptions: adminEndpoints.signInLinkOptions.path,
  linkVerify: adminEndpoints.registerPasskey.path,
  passkeyOptions: adminEndpoints.passkeyOptions.path,
  passkeyVerify: adminEndpoints.signInWithPasskey.path,
  session: adminEndpoints.session.path,
  signOut: adminEndpoints.signOut.path,
  passkeys: adminEndpoints.passkeys.path,
  renamePasskey: adminEndpoints.renamePasskey.path,
  removePasskey: adminEndpoints.removePasskey.path,
  operators: adminEndpoints.operators.path,
  revokeOperator: adminEndpoints.revokeOperator.path,
  messages: adminEndpoints.messages.path,
  attachments: adminEndpoints.attachment.path.replace('/:seq', ''),
  savedReplies: adminEndpoints.savedReplies.path,
  operatorName: adminEndpoints.setOperatorName.path,
  exportMessages: adminEndpoints.exportMessages.path,
  audit: adminEndpoints.audit.path,
  settings: adminEndpoints.settings.path,
  analytics: adminEndpoints.analytics.path,
  webhooks: adminEndpoints.webhooks.path,
  webhookDeliveries: adminEndpoints.webhookDeliveries.path,
  subjectAccess: adminEndpoints.subjectAccess.path,
  eraseSubject: adminEndpoints.eraseSubject.path,
  restrictSubject: adminEndpoints.restrictSubject.path,
  optOutSubject: adminEndpoints.optOutSubject.path,
} as const;
