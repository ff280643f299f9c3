import type { AuditLog } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../queue/mailer.js';
import { sessionGuard } from '../security/session-guard.js';
import type { XsrfSettings } from '../security/xsrf.js';
import { challengeRepository } from './challenge-repository.js';
import { operatorAccess } from './operator-access.js';
import { operatorMailRepository } from './operator-mail-repository.js';
import { passkeyRepository } from './passkey-repository.js';
import { relyingPartyOf, webauthn } from './relying-party.js';
import type { CookieSettings } from './session-cookie.js';
import { sessionReader } from './session-reader.js';
import { type SessionLimits, sessionRepository } from './session-repository.js';
import { signInLinkRepository } from './sign-in-link-repository.js';
import type { SignInMailSettings } from './sign-in-mail.js';
import { type SignInRateLimits, signInRequests } from './sign-in-requests.js';

export type OperatorSettings = {
  db: Db;
  audit: AuditLog;
  mailer: Mailer;
  mail: SignInMailSettings;
  sessionLimits: SessionLimits;
  rateLimits: SignInRateLimits;
  /** Signs the session's CSRF token and keys the sign-in requests' address hashes. */
  secret: string;
  /** The public site's XSRF cookie, which guards the sign-in requests made before there is a session. */
  xsrf: XsrfSettings;
  /** Wakes the mail worker for a mail just queued (not for the links asked for by address: see sign-in-routes.ts). */
  wakeOutbox: () => void;
};

/** Who the operators are and how they sign in: the services the operator routes use, made once. */
export function operatorServices(settings: OperatorSettings) {
  const { db, audit } = settings;
  const cookies: CookieSettings = {
    secure: settings.xsrf.secure,
    maxAgeSeconds: settings.sessionLimits.maxHours * 3600,
    secret: settings.secret,
  };
  const sessions = sessionRepository(db, settings.sessionLimits);
  const access = operatorAccess(db, settings.mailer, settings.mail);
  return {
    access,
    audit,
    cookies,
    sessions,
    /** The onRequest hook of every route behind a session. */
    guard: sessionGuard(sessionReader(sessions, cookies)),
    /** What the routes before a session use: links, passkeys, challenges and their limits. */
    signIn: {
      db,
      access,
      audit,
      cookies,
      sessions,
      xsrf: settings.xsrf,
      challenges: challengeRepository(db),
      links: signInLinkRepository(db),
      passkeys: passkeyRepository(db),
      requests: signInRequests(db, settings.rateLimits, settings.secret),
      mails: operatorMailRepository(db),
      wakeOutbox: settings.wakeOutbox,
      webauthn: webauthn(relyingPartyOf(settings.mail.siteUrl, settings.mail.siteName)),
    },
  };
}

export type OperatorServices = ReturnType<typeof operatorServices>;
export type SignInContext = OperatorServices['signIn'];
