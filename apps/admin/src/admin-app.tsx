import { adminPages } from '@site/api-contract/constants';
import { useEffect, useState } from 'react';
import { whenSignInRequired } from './api/admin-client.ts';
import { currentSession, type Session } from './api/sign-in.ts';
import { PasskeysPage } from './account/passkeys-page.tsx';
import { AnalyticsPage } from './analytics/analytics-page.tsx';
import { AuditPage } from './people/audit-page.tsx';
import { OperatorsPage } from './people/operators-page.tsx';
import { PrivacyPage } from './people/privacy-page.tsx';
import { ReportsPage } from './reports/reports-page.tsx';
import { InboxPage } from './inbox/inbox-page.tsx';
import { SavedRepliesPage } from './saved-replies/saved-replies-page.tsx';
import { Shell } from './shell.tsx';
import { WebhooksPage } from './webhooks/webhooks-page.tsx';
import { SignInPage } from './sign-in/sign-in-page.tsx';
import { useLocation } from './use-location.ts';

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
      {page}
    </Shell>
  );
}
