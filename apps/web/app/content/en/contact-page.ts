import { brand } from '../brand';

/** The /contact page around the full form, and the thank-you page a form sent without JavaScript reaches. */
export const contactPage = {
  title: 'Send us a message',
  intro:
    'Tell us about your business and what you would like to achieve. A member of our team will reply by e-mail.',
  metaTitle: `Contact | ${brand.name}`,
  metaDescription: `Send ${brand.name} a message about our products, white-label partnership or your data.`,
  sent: {
    title: 'Email sent successfully',
    text: 'Your message has been sent. Thank you! A member of our team will reply to you by e-mail.',
    home: 'Back to the home page',
    another: 'Send another message',
    metaTitle: `Message sent | ${brand.name}`,
  },
};

export type ContactPageCopy = typeof contactPage;
