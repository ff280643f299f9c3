import { useEffect } from 'react';
import { PageFrame } from '../components/layout/page-frame';
import { About } from '../components/sections/about';
import { ContactSection } from '../components/sections/contact-section';
import { Future } from '../components/sections/future';
import { Hero } from '../components/sections/hero';
import { FeatureSplit } from '../components/sections/feature-split';
import { Solutions } from '../components/sections/solutions';
import { CompactContactForm } from '../contact/compact-contact-form';
import { landing } from '../content/landing';
import { organizationJsonLd, pageMeta } from '../lib/page-meta';
import { startReveal } from '../lib/reveal';
import { paths } from '../paths';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: landing.meta.title, description: landing.meta.description, path: paths.home }),
  organizationJsonLd(),
];

export default function Home() {
  useEffect(() => startReveal(), []);
  return (
    <PageFrame onHome>
      <Hero {...landing.hero} />
      <About {...landing.about} />
      <Solutions {...landing.solutions} />
      <FeatureSplit id="support" image="support" {...landing.support} />
      <Future {...landing.future} />
      <FeatureSplit id="white-label" image="white-label" steps tinted {...landing.whiteLabel} />
      <ContactSection {...landing.contact}>
        <CompactContactForm />
      </ContactSection>
    </PageFrame>
  );
}
