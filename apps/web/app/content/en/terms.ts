import { brand } from '../brand';
import { postalAddressLines } from '../postal-address';
import type { LegalPage } from '../legal-types';

export const termsPage: LegalPage = {
  metaDescription: `The terms that govern the use of the ${brand.name} website.`,
  title: 'Terms of Use',
  lastUpdated: '2026-11-22',
  intro: [
    {
      kind: 'paragraph',
      text: `These Terms of Use govern your use of the ${brand.name} website, operated by ${brand.legalName} of ${brand.address.en.city}, ${brand.address.en.country} ("we", "us" or "our"). Please read them carefully before using the website.`,
    },
  ],
  sections: [
    {
      id: 'general',
      heading: 'General',
      blocks: [
        {
          kind: 'paragraph',
          text: 'By accessing or using this website, you accept these Terms of Use. If you do not agree with them, please do not use the website.',
        },
        {
          kind: 'paragraph',
          text: 'This website provides information about our products for businesses, namely our website builder, link tracking software, SMS platform and CRM system, and about our white-label partner programme, support and research. The use of our products themselves is governed by the separate agreement you conclude with us or with our partner.',
        },
      ],
    },
    {
      id: 'copyright-and-privacy',
      heading: 'Copyright and Privacy',
      blocks: [
        {
          kind: 'paragraph',
          text: `All content on this website, including text, graphics, logos, images and software, is the property of ${brand.legalName} or its licensors and is protected by copyright and other intellectual property laws. The names, logos and marks shown on the website are trademarks of ${brand.legalName} or their respective owners.`,
        },
        {
          kind: 'paragraph',
          text: 'You may view and print pages of the website for your own information. You may not copy, reproduce, modify, distribute or republish any content for commercial purposes without our prior written permission.',
        },
        {
          kind: 'paragraph',
          text: 'Our Privacy page explains how we collect and use personal information when you use this website or contact us, and it governs all personal data we receive through the website.',
        },
      ],
    },
    {
      id: 'links',
      heading: 'Links',
      blocks: [
        {
          kind: 'paragraph',
          text: 'This website may contain links to websites operated by third parties. These links are provided for your convenience only and do not mean that we endorse those websites or their content.',
        },
        {
          kind: 'paragraph',
          text: 'We have no control over third-party websites and accept no responsibility for their content, availability or practices. Your use of them is subject to their own terms and policies.',
        },
      ],
    },
    {
      id: 'users-obligations',
      heading: "User's Obligations",
      blocks: [
        {
          kind: 'paragraph',
          text: 'You agree to use this website lawfully and responsibly. In particular, you must not:',
        },
        {
          kind: 'list',
          items: [
            'post or send any content that is unlawful, defamatory, offensive or infringes the rights of others;',
            'upload or transmit viruses, malware or any other harmful code;',
            'use robots, scrapers or other automated means to access, copy or collect content or data from the website;',
            'attempt to gain unauthorised access to the website, its servers or any connected system or data;',
            'send spam, bulk or unsolicited messages through the contact form; or',
            "interfere with the proper working of the website or with other people's use of it.",
          ],
        },
        {
          kind: 'paragraph',
          text: 'We may block access to the website for anyone who breaches these obligations, and we may report unlawful activity to the relevant authorities.',
        },
      ],
    },
    {
      id: 'liability',
      heading: 'Liability',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We take care to keep the information on this website accurate and up to date, but it is provided for general information only and "as is". We give no warranty that the website will be uninterrupted, timely, secure or free of errors, or that it is free of viruses or other harmful components.',
        },
        {
          kind: 'paragraph',
          text: `To the extent permitted by law, ${brand.legalName} is not liable for any direct, indirect or consequential loss or damage arising from your use of, or inability to use, this website or any content on it. Nothing in these terms excludes or limits any liability that cannot be excluded or limited under applicable law.`,
        },
      ],
    },
    {
      id: 'termination-of-website-activities',
      heading: 'Termination of Website Activities',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We may change, suspend or discontinue this website, or any part of it, at any time and without notice. We are not liable to you or to anyone else if the website or any part of it becomes unavailable.',
        },
      ],
    },
    {
      id: 'miscellaneous',
      heading: 'Miscellaneous',
      blocks: [
        {
          kind: 'paragraph',
          text: `These Terms of Use are governed by the laws of the Republic of Cyprus. The courts of ${brand.address.en.city} have exclusive jurisdiction over any dispute arising from or in connection with them or with your use of the website.`,
        },
        {
          kind: 'paragraph',
          text: 'If any provision of these terms is found invalid or unenforceable, the remaining provisions continue in full force and effect.',
        },
        {
          kind: 'paragraph',
          text: 'We may change these terms from time to time by publishing a revised version on this page; the date at the top shows when they were last updated. Your continued use of the website after a change means that you accept the revised terms.',
        },
        {
          kind: 'paragraph',
          text: 'If you have any question about these terms, please contact:',
        },
        {
          kind: 'list',
          items: [...postalAddressLines('en'), `E-mail: ${brand.email}`],
        },
      ],
    },
  ],
};
