import { PageFrame } from '../components/layout/page-frame';
import { LegalDocument } from '../components/sections/legal-document';
import { brand } from '../content/brand';
import { privacyPage } from '../content/privacy';
import { site } from '../content/site';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = () => [
  { title: `${privacyPage.title} | ${brand.name}` },
  {
    name: 'description',
    content: `How ${brand.name} collects, uses and protects personal data, and your rights.`,
  },
];

export default function Privacy() {
  return (
    <PageFrame>
      <LegalDocument page={privacyPage} lastUpdatedLabel={site.lastUpdatedLabel} />
    </PageFrame>
  );
}
