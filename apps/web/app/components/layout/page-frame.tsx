import type { ReactNode } from 'react';
import { navText } from '../../content/navigation';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Skip link, header, main content and footer (with back-to-top), shared by every page. */
export function PageFrame({ onHome = false, children }: { onHome?: boolean; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {navText.skipLink}
      </a>
      <SiteHeader onHome={onHome} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
