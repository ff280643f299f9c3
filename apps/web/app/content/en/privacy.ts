import { brand } from '../brand';
import { postalAddressLines } from '../postal-address';
import type { LegalPage } from '../legal-types';

export const privacyPage: LegalPage = {
  metaDescription: `How ${brand.name} collects, uses and protects personal data, and your rights.`,
  title: 'Privacy Policy',
  lastUpdated: '2026-11-28',
  intro: [
    {
      kind: 'paragraph',
      text: `This Privacy Policy explains how ${brand.legalName}, based in ${brand.address.en.city}, ${brand.address.en.country}, collects, uses and protects personal information when you visit the ${brand.name} website or contact us. ${brand.legalName} is the data controller for that information.`,
    },
    {
      kind: 'paragraph',
      text: `If you have any question about this policy or about how we handle your information, please write to ${brand.email}.`,
    },
  ],
  sections: [
    {
      id: 'privacy',
      heading: 'Privacy',
      blocks: [
        {
          kind: 'paragraph',
          text: `${brand.name} provides businesses with a website builder that needs no technical expertise, link tracking software, an SMS platform and a CRM system, and offers white-label partners the opportunity to rebrand and resell these products. We respect the privacy of everyone who visits our website or gets in touch with us, and we process personal information only in the ways described on this page.`,
        },
        {
          kind: 'paragraph',
          text: 'We process personal information in accordance with:',
        },
        {
          kind: 'list',
          items: [
            'Regulation (EU) 2016/679 of the European Parliament and of the Council (the General Data Protection Regulation, or GDPR);',
            'Cyprus Law 125(I)/2018 providing for the protection of natural persons with regard to the processing of personal data and for the free movement of such data; and',
            'the Council of Europe Convention of 1981 for the protection of individuals with regard to automatic processing of personal data (Convention 108), as ratified by Cyprus.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'This policy covers our website and the enquiries we receive through it. Where we process personal data on behalf of customers or partners who use our products, that processing is governed by the agreement we hold with them.',
        },
      ],
    },
    {
      id: 'collection-of-information',
      heading: 'Collection of Information',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We collect the information you give us when you fill in a form on our website, such as the contact form, or otherwise contact us. Depending on what you choose to tell us, this may include:',
        },
        {
          kind: 'list',
          items: [
            'your first and last name;',
            'your e-mail address;',
            'your phone number, if you include it in your message;',
            'the subject and content of your message, and any other details you enter in the form; and',
            'whether you have ticked the box asking us to send you news and offers by e-mail.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'When you use our website and services, we also collect certain technical information automatically:',
        },
        {
          kind: 'list',
          items: [
            'your IP address;',
            'the time and date of access;',
            'your browser type and language;',
            'crash reports; and',
            'your preferences and any feedback you give us.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We do not ask for special categories of personal data, such as health information, and we ask you not to include them in your messages.',
        },
      ],
    },
    {
      id: 'use-of-information',
      heading: 'Use of Information',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The information we collect is stored in our database and used for the following purposes:',
        },
        {
          kind: 'list',
          items: [
            'to answer your enquiry and to provide our services and customer support, on the basis of taking steps at your request before entering into a contract, performing a contract with you, or our legitimate interest in responding to business enquiries; this includes an automatic e-mail to the address you gave, at most one a day, confirming that your message arrived, with its reference number and when to expect our answer (it repeats nothing you wrote);',
            'to send you promotional offers and news by e-mail, only if you have given your consent by ticking the "Send me news and offers by e-mail" box and confirmed it with the link we then e-mail you;',
            'to keep our website secure and to improve our services, on the basis of our legitimate interest in running a reliable and useful website; and',
            'to comply with our legal obligations.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Sending a message through the contact form does not, on its own, mean that you agree to receive marketing. We send marketing e-mail only to people who have opted in using the marketing checkbox and confirmed with the link in our confirmation e-mail, and you may withdraw that consent at any time.',
        },
        {
          kind: 'paragraph',
          text: 'We keep contact messages only for as long as we need them to answer you and to serve you as a customer. After that, they are deleted in line with our retention schedule, unless the law requires us to keep them for longer. The IP address and browser details (user agent) recorded with a message are kept for 30 days, to protect the contact form against abuse, and then deleted, even while we keep the message itself.',
        },
      ],
    },
    {
      id: 'choice-opt-out',
      heading: 'Choice / Opt-Out',
      blocks: [
        {
          kind: 'paragraph',
          text: `You can opt out of receiving marketing from us at any time, either by e-mailing our customer support team at ${brand.email} or by using the "Unsubscribe" link included in every marketing message we send.`,
        },
        {
          kind: 'paragraph',
          text: 'You also have the right to ask us to:',
        },
        {
          kind: 'list',
          items: [
            'confirm whether we hold personal information about you and give you a copy of it (access);',
            'update or correct information that is inaccurate or incomplete (rectification);',
            'restrict how we use your information (restriction);',
            'delete your information (erasure);',
            'give you the information you provided to us in a structured, commonly used, machine-readable format, or send it to another organisation where that is technically feasible (portability); and',
            'stop processing your information where we rely on our legitimate interests (objection).',
          ],
        },
        {
          kind: 'paragraph',
          text: `To make a request, please e-mail ${brand.email} from the address you used to contact us, or tell us how else we can verify your identity. We will respond within one month of receiving your request; where a request is complex, we may extend this by up to two further months and will tell you why.`,
        },
        {
          kind: 'paragraph',
          text: 'If you are not satisfied with how we handle your information, you have the right to lodge a complaint with the Office of the Commissioner for Personal Data Protection in Cyprus. We would, however, appreciate the chance to address your concerns first.',
        },
      ],
    },
    {
      id: 'disclosure-of-personal-information-to-third-parties',
      heading: 'Disclosure of Personal Information to Third Parties',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We do not sell, rent or otherwise disclose your personal information to third parties, except:',
        },
        {
          kind: 'list',
          items: [
            'where we are required to do so by law, by a court order or by a competent public authority; or',
            'in connection with the sale or merger of our business, in which case the buyer or merged entity will be bound by the commitments in this policy.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We use carefully selected service providers, such as hosting and e-mail providers, that process information on our behalf, only on our instructions and under written contracts that protect your data. We may also share statistical information that does not identify any individual.',
        },
        {
          kind: 'paragraph',
          text: "Some of our service providers may process information outside Cyprus or the European Union. Where this happens, we make sure appropriate safeguards are in place, such as the European Commission's standard contractual clauses or a decision by the European Commission that the destination country protects personal data adequately.",
        },
      ],
    },
    {
      id: 'direct-marketing',
      heading: 'Direct Marketing',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We send news and promotional offers by e-mail only to people who have actively opted in: by ticking the "Send me news and offers by e-mail" box and then confirming by e-mail. The box is never ticked in advance, and you can use the contact form without ticking it.',
        },
        {
          kind: 'paragraph',
          text: 'When you tick the box, we e-mail a link to the address you gave, so that you can confirm that the address is yours and that you want our news and offers. Until the link is used, we send that address no news or offers. The link stops working after a limited time; we send no second link while one still works, and none to an address that has opted out. We keep a record of when you ticked the box, with which message, and when you confirmed, as proof of your consent.',
        },
        {
          kind: 'paragraph',
          text: 'If you opt out of direct marketing, we remove only the information we need for marketing contact, namely your consent, and add your e-mail address to a suppression list so that we do not send you marketing again. We keep the rest of your information, such as your messages to us, for as long as we need it to provide our services, as described under "Use of Information".',
        },
      ],
    },
    {
      id: 'visitor-statistics',
      heading: 'Visitor Statistics',
      blocks: [
        {
          kind: 'paragraph',
          text: 'To understand how people find our website and which pages lead to enquiries, our own server counts the pages it sends. No script is added to our pages for this, no cookie is set, nothing is stored in your browser, and nothing is sent to any other company. For each page view we record the page and its language, the website that linked to it (its name only, such as www.google.com), the campaign details in the page address (the utm_ fields of a link in one of our newsletters or adverts) and whether your device is a computer, a tablet or a phone. Where our server holds its own copy of a country database, we also record the country your IP address belongs to: the address is looked up on our server, nothing is sent anywhere, and only the country is kept.',
        },
        {
          kind: 'paragraph',
          text: 'We do not store your IP address or your browser details for these statistics. To count each visitor once a day, the server combines your IP address, your browser details and our website name with a random key that changes every day, and keeps only the result of that one-way calculation. The key of each day is deleted when the day ends, after which nobody, including us, can link the result to you or to your visits on other days.',
        },
        {
          kind: 'paragraph',
          text: 'If you send us a message, we keep with it the first page you visited that day, the website that linked to it, its campaign details and its language, so we know which pages and campaigns bring enquiries. These details are deleted together with your message. Page views are kept for 30 days; after that only daily totals remain, which say nothing about any one visitor. Automated visits by search engines and other programs are left out of the counts. We do this on the basis of our legitimate interest in running and improving our website.',
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our website uses a single, strictly necessary security cookie. It protects the contact form against cross-site request forgery, an attack in which another website tries to send a form in your name. Because this cookie is essential for the form to work safely, it does not require your consent.',
        },
        {
          kind: 'paragraph',
          text: 'We do not use advertising cookies or tracking cookies, and we do not allow third parties to place such cookies through our website. You can block or delete cookies in your browser settings, but the contact form may not work without the security cookie.',
        },
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We take appropriate technical and organisational measures to protect your personal information against loss, misuse and unauthorised access. Information sent to and from our website is encrypted in transit, and access to personal information is limited to staff who need it to do their work.',
        },
        {
          kind: 'paragraph',
          text: 'No method of transmission over the internet or of electronic storage is completely secure, so we cannot guarantee absolute security. If we become aware of a breach that is likely to put your rights at risk, we will notify you and the supervisory authority as the law requires.',
        },
      ],
    },
    {
      id: 'links-to-other-sites',
      heading: 'Links to Other Sites',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our website may contain links to websites operated by other organisations. We are not responsible for the privacy practices or content of those websites, and we encourage you to read their privacy policies before you provide them with any personal information.',
        },
      ],
    },
    {
      id: 'legal-disclaimer',
      heading: 'Legal Disclaimer',
      blocks: [
        {
          kind: 'paragraph',
          text: 'This policy is provided for information and does not limit any right you have under data protection law. We may update this policy from time to time; the date at the top of this page shows when it was last revised.',
        },
        {
          kind: 'paragraph',
          text: 'For any question or request about this policy or your personal information, please contact:',
        },
        {
          kind: 'list',
          items: [...postalAddressLines('en'), `E-mail: ${brand.email}`],
        },
      ],
    },
  ],
};
