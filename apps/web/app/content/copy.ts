import type { Language } from '@site/api-contract';
import { contactForm as elContactForm } from './el/contact-form';
import { contactPage as elContactPage } from './el/contact-page';
import { contactSection as elContactSection } from './el/contact-section';
import { landing as elLanding } from './el/landing';
import { navigation as elNavigation } from './el/navigation';
import { privacyPage as elPrivacy } from './el/privacy';
import { site as elSite } from './el/site';
import { termsPage as elTerms } from './el/terms';
import { contactForm } from './en/contact-form';
import { contactPage } from './en/contact-page';
import { contactSection } from './en/contact-section';
import { landing } from './en/landing';
import { navigation } from './en/navigation';
import { privacyPage } from './en/privacy';
import { site } from './en/site';
import { termsPage } from './en/terms';

const en = {
  site,
  navigation,
  contactForm,
  contactPage,
  contactSection,
  landing,
  privacy: privacyPage,
  terms: termsPage,
};

/** All of a language's copy; each language's modules are typed with the English ones' types. */
export type Copy = typeof en;

const copies: Record<Language, Copy> = {
  en,
  el: {
    site: elSite,
    navigation: elNavigation,
    contactForm: elContactForm,
    contactPage: elContactPage,
    contactSection: elContactSection,
    landing: elLanding,
    privacy: elPrivacy,
    terms: elTerms,
  },
};

/** The copy of the pages in `language`. Islands get their part as props, never this module. */
export const copyFor = (language: Language): Copy => copies[language];
