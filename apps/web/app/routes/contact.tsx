import { PageFrame } from '../components/layout/page-frame';
import { ContactSection } from '../components/sections/contact-section';
import { ContactForm } from '../contact/contact-form';
import { Island } from '../islands/island';
import { languageAndCopyOf, useCopy, useLanguage } from '../lib/language';
import { pageMeta } from '../lib/page-meta';
import { paths } from '../paths';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = ({ location }) => {
  const { language, copy } = languageAndCopyOf(location.pathname);
  const { contactPage } = copy;
  return pageMeta({
    title: contactPage.metaTitle,
    description: contactPage.metaDescription,
    path: paths.contact,
    language,
  });
};

export default function Contact() {
  const language = useLanguage();
  const { contactPage, contactSection, contactForm } = useCopy();
  return (
    <PageFrame path={paths.contact}>
      <div className="contact-page">
        <ContactSection
          {...contactSection}
          title={contactPage.title}
          intro={contactPage.intro}
          headingLevel={1}
        >
          <Island
            name="contact-form"
            component={ContactForm}
            props={{ language, text: contactForm }}
            when="load"
          />
        </ContactSection>
      </div>
    </PageFrame>
  );
}
