import { contactErrors } from '@site/api-contract';
import { brand } from '../brand';

/**
 * Copy of both contact forms: labels, placeholders, field errors, the buttons and the sent and failed
 * banners. The forms are islands: this travels in the page with their props, so it holds only text.
 */
export const contactForm = {
  formLabel: 'Send us a message',
  labels: { name: 'Name', email: 'E-mail', subject: 'Subject', message: 'Message' },
  placeholders: { name: 'Your Name', email: 'Your Email', subject: 'Subject', message: 'Message' },
  errors: contactErrors.en,
  consent: 'Send me news and offers by e-mail',
  consentHint: 'Optional. We will e-mail you a link to confirm, and every e-mail has a link to unsubscribe.',
  honeypotLabel: 'Leave this field empty',
  sending: 'Sending your message...',
  failure: 'Could not send email',
  privacyNote: `${brand.name} uses your details to answer your message. Read how in our`,
  privacyLink: 'Privacy policy',
  full: { send: 'SEND', sent: 'EMAIL SENT', success: 'Email sent successfully' },
  compact: { send: 'Send Message', sent: 'Message Sent', success: 'Your message has been sent. Thank you!' },
};

export type ContactFormCopy = typeof contactForm;
