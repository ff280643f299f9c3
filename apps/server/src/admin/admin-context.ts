import type { Db } from '../db/database.js';
import type { Mailer } from '../notifications/mailer.js';
import type { XsrfSettings } from '../security/xsrf.js';
import { auditLog } from './audit-log.js';
import { challengeRepository } from './challenge-repository.js';
import { operatorAccess } from './operator-access.js';
import { passkeyRepository } from './passkey-repository.js';
import { relyingPartyOf, webauthn } from './relying-party.js';
import type { CookieSettings } from './session-cookie.js';
import { type SessionLimits, sessionRepository } from './session-repository.js';
import { signInLinkRepository } from './sign-in-link-repository.js';
import type { SignInMailSettings } from './sign-in-mail.js';
import { type SignInRateLimits, signInRequests } from './sign-in-requests.js';

export type AdminSettings = {
  db: Db;
  mailer: Mailer;
  mail: SignInMailSettings;
  sessionLimits: SessionLimits;
  rateLimits: SignInRateLimits;
  /** Signs the session's CSRF token. */
  secret: string;
  /** The public site's XSRF cookie, which guards the sign-in requests made before there is a session. */
  xsrf: XsrfSettings;
};

/** Everything the admin routes use, made once. */
export function adminContext(settings: AdminSettings) {
  const { db } = settings;
  const cookies: CookieSettings = {
    secure: settings.xsrf.secure,
    maxAgeSeconds: settings.sessionLimits.maxHours * 3600,
    secret: settings.secret,
  };
  return {
    db,
    xsrf: settings.xsrf,
    cookies,
    access: operatorAccess(db, settings.mailer, settings.mail),
    audit: auditLog(db),
    challenges: challengeRepository(db),
    links: signInLinkRepository(db),
    passkeys: passkeyRepository(db),
    sessions: sessionRepository(db, settings.sessionLimits),
    requests: signInRequests(db, settings.rateLimits),
    webauthn: webauthn(relyingPartyOf(settings.mail.siteUrl, settings.mail.siteName)),
  };
}

export type AdminContext = ReturnType<typeof adminContext>;
