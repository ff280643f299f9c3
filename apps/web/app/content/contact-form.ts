import { brand } from './brand';

/** Copy of both contact forms: labels, placeholders, the button and the sent and failed banners. */
export const contactFormText = {
  labels: { name: 'Name', email: 'E-mail', subject: 'Subject', message: 'Message' },
  placeholders: { name: 'Your Name', email: 'Your Email', subject: 'Subject', message: 'Message' },
  consent: 'Send me news and offers by e-mail',
  consentHint: 'Optional. We will e-mail you a link to confirm, and every e-mail has a link to unsubscribe.',
  honeypotLabel: 'Leave this field empty',
  sending: 'Sending your message...',
  failure: 'Could not send email',
  privacyNote: `${brand.name} uses your details to answer your message. Read how in our`,
  privacyLink: 'Privacy policy',
  full: { send: 'SEND', sent: 'EMAIL SENT', success: 'Email sent successfully' },
  compact: { send: 'Send Message', sent: 'Message Sent', success: 'Your message has been sent. Thank you!' },
  /** The page a visitor without JavaScript sees once the message is stored. */
  sentPage: {
    title: 'Email sent successfully',
    text: 'Your message has been sent. Thank you! A member of our team will reply to you by e-mail.',
    home: 'Back to the home page',
    another: 'Send another message',
    metaTitle: `Message sent | ${brand.name}`,
  },
  page: {
    title: 'Send us a message',
    intro:
      'Tell us about your business and what you would like to achieve. A member of our team will reply by e-mail.',
    metaTitle: `Contact | ${brand.name}`,
    metaDescription: `Send ${brand.name} a message about our products, white-label partnership or your data.`,
  },
};
