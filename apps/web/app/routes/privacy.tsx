import { PageFrame } from '../components/layout/page-frame';
import { LegalDocument } from '../components/sections/legal-document';
import { brand } from '../content/brand';
import { privacyPage } from '../content/privacy';
import { site } from '../content/site';
import { pageMeta } from '../lib/page-meta';
import { paths } from '../paths';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${privacyPage.title} | ${brand.name}`,
    description: `How ${brand.name} collects, uses and protects personal data, and your rights.`,
    path: paths.privacy,
  });

export default function Privacy() {
  return (
    <PageFrame>
      <LegalDocument page={privacyPage} lastUpdatedLabel={site.lastUpdatedLabel} />
    </PageFrame>
  );
}
