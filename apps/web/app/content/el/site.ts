import { brand } from '../brand';
import type { SiteCopy } from '../en/site';

/** Copy shared by every page: loading overlay, footer, not-found page, error screen, legal pages' date. */
export const site: SiteCopy = {
  loading: 'Φόρτωση…',
  footer: {
    termsLabel: 'Όροι Χρήσης',
    privacyLabel: 'Πολιτική Απορρήτου',
    newTabHint: '(ανοίγει σε νέα καρτέλα)',
    copyright: (year: string) => `© ${year} ${brand.name}`,
  },
  /** The link to the same page in another language, named in that language (languageNames). */
  languageSwitchHint: 'Αυτή η σελίδα σε άλλη γλώσσα:',
  notFound: {
    title: 'Η σελίδα δεν βρέθηκε',
    text: 'Η σελίδα που αναζητάτε δεν υπάρχει ή έχει μετακινηθεί.',
    action: 'Επιστροφή στην αρχική σελίδα',
    metaTitle: `Η σελίδα δεν βρέθηκε | ${brand.name}`,
  },
  error: {
    title: 'Κάτι πήγε στραβά',
    text: 'Παρακαλούμε φορτώστε ξανά τη σελίδα. Αν το πρόβλημα συνεχιστεί, στείλτε μας e-mail.',
  },
  lastUpdatedLabel: 'Τελευταία ενημέρωση',
};
