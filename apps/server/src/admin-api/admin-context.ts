import type { Db } from '../db/database.js';
import type { Mailer } from '../notifications/mailer.js';
import type { DataSubjects } from '../privacy/data-subject.js';
import type { XsrfSettings } from '../security/xsrf.js';
import { auditLog } from '../audit/audit-log.js';
import { challengeRepository } from '../operators/challenge-repository.js';
import { operatorAccess } from '../operators/operator-access.js';
import { operatorMailRepository } from '../operators/operator-mail-repository.js';
import { passkeyRepository } from '../operators/passkey-repository.js';
import { relyingPartyOf, webauthn } from '../operators/relying-party.js';
import type { CookieSettings } from '../operators/session-cookie.js';
import { type SessionLimits, sessionRepository } from '../operators/session-repository.js';
import { signInLinkRepository } from '../operators/sign-in-link-repository.js';
import type { SignInMailSettings } from '../operators/sign-in-mail.js';
import { type SignInRateLimits, signInRequests } from '../operators/sign-in-requests.js';

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
  /** The GDPR operations, as app.ts makes them (on DATA_DIR's .eml copies too). */
  subjects: DataSubjects;
  /** The site keys the contact API accepts: SITE_KEYS, or the build's own. */
  siteKeys: string[];
  /** RETENTION_DAYS (null: messages are kept until erased) and IP_RETENTION_DAYS. */
  retention: { messagesDays: number | null; networkDetailsDays: number };
  /** Wakes the outbox worker for a mail just queued (not for the links asked for by address: see sign-in-routes.ts). */
  wakeOutbox: () => void;
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
    requests: signInRequests(db, settings.rateLimits, settings.secret),
    mails: operatorMailRepository(db),
    wakeOutbox: settings.wakeOutbox,
    webauthn: webauthn(relyingPartyOf(settings.mail.siteUrl, settings.mail.siteName)),
    subjects: settings.subjects,
    /** What the inbox shows of the server's settings. */
    inboxSettings: {
      siteName: settings.mail.siteName,
      siteKeys: settings.siteKeys,
      retention: settings.retention,
      session: settings.sessionLimits,
    },
  };
}

export type AdminContext = ReturnType<typeof adminContext>;
