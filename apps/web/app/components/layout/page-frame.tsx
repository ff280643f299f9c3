import type { ReactNode } from 'react';
import { useCopy } from '../../lib/language';
import type { PagePath } from '../../paths';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

type PageFrameProps = {
  /** The page's path in the default language (the header's links and language switch follow it). */
  path: PagePath;
  children: ReactNode;
};

/** Skip link, header, main content and footer (with back-to-top), shared by every page. */
export function PageFrame({ path, children }: PageFrameProps) {
  const { navigation } = useCopy();
  return (
    <>
      <a className="skip-link" href="#main">
        {navigation.skipLink}
      </a>
      <SiteHeader path={path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
