import type { MetaDescriptor } from 'react-router';
import { PageFrame } from '../components/layout/page-frame';
import { LegalDocument } from '../components/sections/legal-document';
import { brand } from '../content/brand';
import { languageAndCopyOf, useCopy } from './language';
import { pageMeta } from './page-meta';
import type { PagePath } from '../paths';

type LegalKey = 'privacy' | 'terms';

/** The meta tags of a legal page in the language of `pathname`. */
export function legalMeta(key: LegalKey, path: PagePath, pathname: string): MetaDescriptor[] {
  const { language, copy } = languageAndCopyOf(pathname);
  const page = copy[key];
  return pageMeta({
    title: `${page.title} | ${brand.name}`,
    description: page.metaDescription,
    path,
    language,
  });
}

/** A legal page (privacy policy, terms of use) in the page's language. */
export function LegalRoute({ page, path }: { page: LegalKey; path: PagePath }) {
  const copy = useCopy();
  return (
    <PageFrame path={path}>
      <LegalDocument page={copy[page]} lastUpdatedLabel={copy.site.lastUpdatedLabel} />
    </PageFrame>
  );
}
