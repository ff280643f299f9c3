import { brand } from '../brand';
import type { ContactPageCopy } from '../en/contact-page';

/** The /contact page around the full form, and the thank-you page a form sent without JavaScript reaches. */
export const contactPage: ContactPageCopy = {
  title: 'Στείλτε μας μήνυμα',
  intro:
    'Πείτε μας για την επιχείρησή σας και τι θέλετε να πετύχετε. Ένα μέλος της ομάδας μας θα σας απαντήσει με e-mail.',
  metaTitle: `Επικοινωνία | ${brand.name}`,
  metaDescription: `Στείλτε μήνυμα στην ${brand.name} για τα προϊόντα μας, τη συνεργασία white label ή τα δεδομένα σας.`,
  sent: {
    title: 'Το μήνυμά σας στάλθηκε',
    text: 'Σας ευχαριστούμε! Ένα μέλος της ομάδας μας θα σας απαντήσει με e-mail.',
    home: 'Επιστροφή στην αρχική σελίδα',
    another: 'Στείλτε ένα ακόμη μήνυμα',
    metaTitle: `Το μήνυμα στάλθηκε | ${brand.name}`,
  },
};
