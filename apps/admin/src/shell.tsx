import { brand } from '@brand';
import { adminPages } from '@site/api-contract/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { reasonOf } from './api/api-error.ts';
import { signOut } from './api/sign-in.ts';
import { AppLink } from './ui/app-link.tsx';
import { Notice } from './ui/notice.tsx';
import type { Navigate } from './use-location.ts';

const sections = [
  { path: adminPages.inbox, label: 'Messages', title: 'Messages' },
  { path: adminPages.analytics, label: 'Analytics', title: 'Analytics' },
  { path: adminPages.savedReplies, label: 'Saved replies', title: 'Saved replies' },
  { path: adminPages.reports, label: 'Reports', title: 'Reports' },
  { path: adminPages.webhooks, label: 'Webhooks', title: 'Webhooks' },
  { path: adminPages.privacy, label: 'Privacy requests', title: 'Privacy requests' },
  { path: adminPages.operators, label: 'Operators', title: 'Operators' },
  { path: adminPages.audit, label: 'Audit log', title: 'Audit log' },
];

/** Reached from the operator's own address in the top bar. */
const account = {
  path: adminPages.account,
  label: 'Your name and passkeys',
  title: 'Your name and passkeys',
};

type Props = {
  path: string;
  navigate: Navigate;
  operator: string;
  onSignedOut: () => void;
  children: ReactNode;
};

/** Every signed-in page: the brand, the sections, who is signed in and the way out. */
export function Shell({ path, navigate, operator, onSignedOut, children }: Props) {
  const [problem, setProblem] = useState('');
  const current = [...sections, account].find((section) => section.path === path) ?? sections[0]!;
  useEffect(() => {
    document.title = `${current.title} · ${brand.name}`;
  }, [current]);

  const leave = async () => {
    try {
      await signOut();
      onSignedOut();
    } catch (error) {
      setProblem(reasonOf(error));
    }
  };

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <span className="brand">
          <img src={brand.logo.src} alt="" width="28" height="28" />
          {brand.name}
        </span>
        <nav aria-label="Sections">
          <ul>
            {sections.map((section) => (
              <li key={section.path}>
                <AppLink
                  href={section.path}
                  navigate={navigate}
                  aria-current={section === current ? 'page' : undefined}
                >
                  {section.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="who">
          <AppLink
            href={account.path}
            navigate={navigate}
            className="operator"
            aria-current={current === account ? 'page' : undefined}
          >
            {operator}
            <span className="visually-hidden">: {account.label}</span>
          </AppLink>
          <button type="button" className="quiet" onClick={leave}>
            Sign out
          </button>
        </span>
      </header>
      <Notice outcome={problem ? { kind: 'error', text: problem } : null} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
