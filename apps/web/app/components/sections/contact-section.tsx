import type { ReactNode } from 'react';
import { brand } from '../../content/brand';
import { postalAddressLines } from '../../content/postal-address';
import { useLanguage } from '../../lib/language';
import { SectionHeading } from '../ui/section-heading';

type ContactSectionProps = {
  title: string;
  intro: string;
  addressLabel: string;
  emailLabel: string;
  headingLevel?: 1 | 2;
  children?: ReactNode;
};

/** Contact details beside the contact form (passed as children). */
export function ContactSection({
  title,
  intro,
  addressLabel,
  emailLabel,
  headingLevel,
  children,
}: ContactSectionProps) {
  const language = useLanguage();
  return (
    <section id="contact" className="section section-contact" aria-labelledby="contact-title">
      <div className="container contact-grid">
        <div>
          <SectionHeading id="contact-title" title={title} intro={intro} level={headingLevel} />
          <dl className="contact-details">
            <div>
              <dt>{addressLabel}</dt>
              <dd>
                <address>
                  {postalAddressLines(language).map((line) => (
                    <span key={line}>{line}</span>
                  ))}
                </address>
              </dd>
            </div>
            <div>
              <dt>{emailLabel}</dt>
              <dd>
                <a href={`mailto:${brand.email}`}>{brand.email}</a>
              </dd>
            </div>
          </dl>
        </div>
        {children}
      </div>
    </section>
  );
}
