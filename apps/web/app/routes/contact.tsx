import { PageFrame } from '../components/layout/page-frame';
import { ContactSection } from '../components/sections/contact-section';
import { ContactForm } from '../contact/contact-form';
import { contactFormText } from '../content/contact-form';
import { Island } from '../islands/island';
import { contactSection } from '../content/contact-section';
import { pageMeta } from '../lib/page-meta';
import { paths } from '../paths';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: contactFormText.page.metaTitle,
    description: contactFormText.page.metaDescription,
    path: paths.contact,
  });

export default function Contact() {
  return (
    <PageFrame>
      <div className="contact-page">
        <ContactSection
          {...contactSection}
          title={contactFormText.page.title}
          intro={contactFormText.page.intro}
          headingLevel={1}
        >
          <Island name="contact-form" component={ContactForm} props={{}} when="load" />
        </ContactSection>
      </div>
    </PageFrame>
  );
}
