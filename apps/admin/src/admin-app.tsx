import { adminPages } from '@site/api-contract/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { whenSignInRequired } from './api/admin-client.ts';
import { currentSession, type Session } from './api/sign-in.ts';
import { InboxPage } from './inbox/inbox-page.tsx';
import { Shell } from './shell.tsx';
import { SignInPage } from './sign-in/sign-in-page.tsx';
import { useLocation } from './use-location.ts';

// Every page but the messages comes when first opened: every operator loads the inbox, fewer of them
// the other pages, and the script the inbox starts with stays within its budget (INBOX_JS_BROTLI_KIB).
const PasskeysPage = lazy(async () => ({
  default: (await import('./account/passkeys-page.tsx')).PasskeysPage,
}));
const AnalyticsPage = lazy(async () => ({
  default: (await import('./analytics/analytics-page.tsx')).AnalyticsPage,
}));
const AuditPage = lazy(async () => ({ default: (await import('./people/audit-page.tsx')).AuditPage }));
const OperatorsPage = lazy(async () => ({
  default: (await import('./people/operators-page.tsx')).OperatorsPage,
}));
const PrivacyPage = lazy(async () => ({ default: (await import('./people/privacy-page.tsx')).PrivacyPage }));
const ReportsPage = lazy(async () => ({ default: (await import('./reports/reports-page.tsx')).ReportsPage }));
const SavedRepliesPage = lazy(async () => ({
  default: (await import('./saved-replies/saved-replies-page.tsx')).SavedRepliesPage,
}));
const WebhooksPage = lazy(async () => ({
  default: (await import('./webhooks/webhooks-page.tsx')).WebhooksPage,
}));

/** Signed in, the page the path names; otherwise the sign-in page, which comes back to the same path. */
export function AdminApp() {
  const { path, navigate } = useLocation();
  const [session, setSession] = useState<Session | null | 'checking'>('checking');

  useEffect(() => {
    whenSignInRequired(() => setSession(null));
    currentSession().then(setSession, () => setSession(null));
  }, []);

  if (session === 'checking') return <p className="loading">Loading the inbox…</p>;
  if (session === null || path === adminPages.signIn)
    return (
      <SignInPage
        onSignedIn={(started) => {
          setSession(started);
          if (path === adminPages.signIn) navigate(adminPages.inbox);
        }}
      />
    );

  const page =
    path === adminPages.privacy ? (
      <PrivacyPage />
    ) : path === adminPages.operators ? (
      <OperatorsPage me={session.operator.email} />
    ) : path === adminPages.audit ? (
      <AuditPage />
    ) : path === adminPages.savedReplies ? (
      <SavedRepliesPage />
    ) : path === adminPages.analytics ? (
      <AnalyticsPage />
    ) : path === adminPages.reports ? (
      <ReportsPage />
    ) : path === adminPages.webhooks ? (
      <WebhooksPage navigate={navigate} />
    ) : path === adminPages.account ? (
      <PasskeysPage
        me={session.operator}
        onSignedOut={() => setSession(null)}
        onNamed={(name) => setSession({ ...session, operator: { ...session.operator, name } })}
      />
    ) : (
      <InboxPage navigate={navigate} />
    );
  return (
    <Shell
      path={path}
      navigate={navigate}
      operator={session.operator.email}
      onSignedOut={() => setSession(null)}
    >
      <Suspense fallback={<p className="loading">Loading…</p>}>{page}</Suspense>
    </Shell>
  );
}
