import { PageFrame } from '../components/layout/page-frame';
import { About } from '../components/sections/about';
import { ContactSection } from '../components/sections/contact-section';
import { Future } from '../components/sections/future';
import { Hero } from '../components/sections/hero';
import { FeatureSplit } from '../components/sections/feature-split';
import { Solutions } from '../components/sections/solutions';
import { CompactContactForm } from '../contact/compact-contact-form';
import { Island } from '../islands/island';
import { languageAndCopyOf, useCopy, useLanguage } from '../lib/language';
import { organizationJsonLd, pageMeta } from '../lib/page-meta';
import { paths } from '../paths';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ location }) => {
  const { language, copy } = languageAndCopyOf(location.pathname);
  const { landing } = copy;
  return [...pageMeta({ ...landing.meta, path: paths.home, language }), organizationJsonLd(language)];
};

export default function Home() {
  const language = useLanguage();
  const { landing, contactForm } = useCopy();
  return (
    <PageFrame path={paths.home}>
      <Hero {...landing.hero} />
      <About {...landing.about} />
      <Solutions {...landing.solutions} />
      <FeatureSplit id="support" image="support" {...landing.support} />
      <Future {...landing.future} />
      <FeatureSplit id="white-label" image="white-label" steps tinted {...landing.whiteLabel} />
      <ContactSection {...landing.contact}>
        <Island
          name="compact-form"
          component={CompactContactForm}
          props={{ language, text: contactForm }}
          when="near"
        />
      </ContactSection>
    </PageFrame>
  );
}
