import { PageFrame } from '../components/layout/page-frame';
import { ContactSection } from '../components/sections/contact-section';
import { ContactForm } from '../contact/contact-form';
import { contactFormText } from '../content/contact-form';
import { landing } from '../content/landing';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () => [
  { title: contactFormText.page.metaTitle },
  { name: 'description', content: contactFormText.page.metaDescription },
];

export default function Contact() {
  return (
    <PageFrame>
      <div className="contact-page">
        <ContactSection
          {...landing.contact}
          title={contactFormText.page.title}
          intro={contactFormText.page.intro}
          headingLevel={1}
        >
          <ContactForm />
        </ContactSection>
      </div>
    </PageFrame>
  );
}
