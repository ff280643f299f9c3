import { PageFrame } from '../components/layout/page-frame';
import { LegalDocument } from '../components/sections/legal-document';
import { brand } from '../content/brand';
import { site } from '../content/site';
import { termsPage } from '../content/terms';
import { pageMeta } from '../lib/page-meta';
import { paths } from '../paths';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${termsPage.title} | ${brand.name}`,
    description: `The terms that govern the use of the ${brand.name} website.`,
    path: paths.terms,
  });

export default function Terms() {
  return (
    <PageFrame>
      <LegalDocument page={termsPage} lastUpdatedLabel={site.lastUpdatedLabel} />
    </PageFrame>
  );
}
