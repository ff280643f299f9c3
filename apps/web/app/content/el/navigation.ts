import type { NavigationCopy } from '../en/navigation';

/** The header's links to the landing page's sections, and the words around them. */
export const navigation: NavigationCopy = {
  labels: {
    top: 'ΑΡΧΙΚΗ',
    about: 'Η ΕΤΑΙΡΕΙΑ',
    solutions: 'ΛΥΣΕΙΣ',
    'white-label': 'WHITE LABEL',
    contact: 'ΕΠΙΚΟΙΝΩΝΙΑ',
  },
  menuButton: 'Μενού',
  primaryNav: 'Κύριο μενού',
  skipLink: 'Μετάβαση στο κύριο περιεχόμενο',
  backToTop: 'Επιστροφή στην κορυφή',
};
