import { paths } from '../../paths';
import { brand } from '../brand';
import { contactSection } from './contact-section';
import type { Feature, Product, Slide, Stat } from '../landing-types';

export const landing = {
  meta: {
    title: `${brand.name} | B2B internet marketing software, ${brand.address.en.city}`,
    description: `${brand.name} builds SaaS, web apps and big data tools for businesses: a website builder, link tracking, an SMS platform and a CRM, also available white label.`,
  },
  hero: {
    eyebrow: 'SaaS · Web apps · Big data',
    title: 'Maximize your ROI!',
    subline:
      'Software that turns marketing spend into measurable results: SaaS products, web applications and big data solutions for businesses of every size.',
    scrollHint: 'Scroll to explore',
    action: { label: 'Get Started', href: '#about' },
  },
  about: {
    title: 'B2B Internet Marketing Solutions',
    paragraphs: [
      `${brand.name} is a software company in ${brand.address.en.city}, ${brand.address.en.country}. We build the tools businesses use to win customers online: websites that are quick to launch, links that report where every click came from, text messages that reach people in seconds, and a CRM that keeps every relationship in one place.`,
      'Our customers range from single-founder companies to established marketing teams. Whatever the size, the aim is the same: spend less time on tooling and more on the work that brings in business.',
    ],
    imageAlt: 'A marketing dashboard with a rising growth chart',
    stats: [
      { value: 4, label: 'products that work together' },
      { value: 3, label: 'frontier technologies in our research' },
      { value: 1, label: 'support team that knows every product' },
    ] satisfies Stat[],
  },
  solutions: {
    title: 'Our Solutions',
    intro:
      'Four products that cover the path from first visit to loyal customer. Use one, or run them together.',
    products: [
      {
        id: 'website-builder',
        title: 'Website Builder',
        summary: 'Launch a professional, mobile-ready website without writing a line of code.',
        points: [
          'Drag-and-drop page blocks',
          'Your own domain and branding',
          'Fast, accessible pages by default',
        ],
        image: 'website-builder',
      },
      {
        id: 'link-tracking',
        title: 'Link Tracking',
        summary:
          'See which campaign, channel and message brought every click, and put budget where it works.',
        points: [
          'Branded short links',
          'Click reports by source and device',
          'Campaign comparison at a glance',
        ],
        image: 'link-tracking',
      },
      {
        id: 'sms-platform',
        title: 'SMS Platform',
        summary: 'Reach customers on the channel they read first, one message or a whole campaign at a time.',
        points: ['Bulk and scheduled sending', 'Personalised message templates', 'Delivery reports'],
        image: 'sms-platform',
      },
      {
        id: 'crm',
        title: 'CRM',
        summary:
          'Keep every lead, customer and conversation in one place, so nothing falls through the cracks.',
        points: [
          'Contacts, companies and deals',
          'Sales pipeline you can see',
          'Notes and follow-up reminders',
        ],
        image: 'crm',
      },
    ] satisfies Product[],
    enlargeLabel: (title: string) => `Enlarge the ${title} illustration`,
    closeLabel: 'Close',
    features: [
      {
        title: 'An expert team',
        text: 'Developers, designers and marketers who have built and run campaigns themselves, and design every product around what a marketing team actually does each day.',
      },
      {
        title: 'Ongoing research and development',
        text: 'Our products are never finished. We ship improvements continuously and test new ideas with customers before they become features.',
      },
    ] satisfies Feature[],
    callToAction: {
      title: 'Not sure which product fits?',
      text: 'Tell us what you want to achieve and we will suggest where to start.',
      action: { label: 'Write to us', href: paths.contact as string },
    },
  },
  support: {
    title: "We've got you covered",
    text: 'Questions, set-up help or a problem in the middle of a campaign: our support team answers by e-mail and knows every product in the suite.',
    items: [
      {
        title: 'Help from people who build the products',
        text: 'Your question reaches the team that knows the answer.',
      },
      {
        title: 'Guidance from day one',
        text: 'We help you set up, import your data and launch your first campaign.',
      },
      {
        title: 'Your data handled with care',
        text: 'Stored securely and processed under EU data-protection law.',
      },
    ] satisfies Feature[],
  },
  future: {
    title: 'Embracing the Future',
    intro:
      'Alongside our products we research the technologies that will shape internet marketing next, so our customers are ready when they arrive.',
    slidesLabel: 'Research topics',
    /** What a screen reader calls the slider and each of its slides (aria-roledescription). */
    carouselRole: 'carousel',
    slideRole: 'slide',
    previousLabel: 'Previous topic',
    nextLabel: 'Next topic',
    slides: [
      {
        id: 'quantum',
        title: 'Quantum computing',
        text: 'We follow how quantum algorithms could speed up optimisation problems such as audience segmentation and budget allocation.',
        image: 'quantum',
      },
      {
        id: 'ai',
        title: 'Artificial intelligence',
        text: 'We explore machine learning for smarter send times, better audience insights and help writing campaign copy.',
        image: 'ai',
      },
      {
        id: 'blockchain',
        title: 'Blockchain',
        text: 'We study how distributed ledgers could make consent records and campaign reporting verifiable by everyone involved.',
        image: 'blockchain',
      },
    ] satisfies Slide[],
  },
  whiteLabel: {
    title: 'White Label',
    text: 'Offer our products under your own brand. Agencies and resellers rebrand the website builder, link tracking, SMS platform and CRM and sell them to their own clients as their own service.',
    items: [
      { title: 'Your brand', text: 'Your name, logo, colours and domain on every screen your clients see.' },
      { title: 'Your prices', text: 'You set the packages and prices and keep the client relationship.' },
      { title: 'Our platform', text: 'We run, maintain and improve the software behind the scenes.' },
    ] satisfies Feature[],
    action: { label: 'Become a partner', href: '#contact' },
  },
  contact: contactSection,
};

export type LandingCopy = typeof landing;
