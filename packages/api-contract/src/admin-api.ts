/** The operators' API under /admin/api: its pages, header and cookies (its endpoints: admin-endpoints.ts). */

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
  /** Visitors, page views, where they came from and the form's funnel, over a period. */
  analytics: '/admin/analytics',
  /** How fast conversations were first answered, per day, site, language and operator. */
  reports: '/admin/reports',
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
