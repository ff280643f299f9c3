import { contactErrors } from '@site/api-contract';
import { brand } from '../brand';
import type { ContactFormCopy } from '../en/contact-form';

/**
 * Copy of both contact forms: labels, placeholders, field errors, the buttons and the sent and failed
 * banners. The forms are islands: this travels in the page with their props, so it holds only text.
 */
export const contactForm: ContactFormCopy = {
  formLabel: 'Στείλτε μας μήνυμα',
  labels: { name: 'Ονοματεπώνυμο', email: 'E-mail', subject: 'Θέμα', message: 'Μήνυμα' },
  placeholders: {
    name: 'Το ονοματεπώνυμό σας',
    email: 'Το e-mail σας',
    subject: 'Θέμα',
    message: 'Μήνυμα',
  },
  errors: contactErrors.el,
  consent: 'Στείλτε μου νέα και προσφορές με e-mail',
  consentHint:
    'Προαιρετικό. Θα σας στείλουμε e-mail με σύνδεσμο επιβεβαίωσης και κάθε e-mail έχει σύνδεσμο απεγγραφής.',
  honeypotLabel: 'Αφήστε αυτό το πεδίο κενό',
  sending: 'Αποστολή του μηνύματός σας…',
  failure: 'Δεν ήταν δυνατή η αποστολή του μηνύματός σας. Δοκιμάστε ξανά σε λίγο.',
  privacyNote: `Η ${brand.name} χρησιμοποιεί τα στοιχεία σας για να απαντήσει στο μήνυμά σας. Περισσότερα στην`,
  privacyLink: 'Πολιτική Απορρήτου',
  full: { send: 'ΑΠΟΣΤΟΛΗ', sent: 'ΤΟ ΜΗΝΥΜΑ ΣΤΑΛΘΗΚΕ', success: 'Το μήνυμά σας στάλθηκε' },
  compact: {
    send: 'Αποστολή μηνύματος',
    sent: 'Το μήνυμα στάλθηκε',
    success: 'Το μήνυμά σας στάλθηκε. Σας ευχαριστούμε!',
  },
};
