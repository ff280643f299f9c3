import type { ContactSectionCopy } from '../en/contact-section';

/**
 * The contact section's heading and the labels of the company's details, on the landing page and on
 * /contact. Kept apart from the landing copy so /contact does not load that.
 */
export const contactSection: ContactSectionCopy = {
  title: 'Επικοινωνήστε μαζί μας',
  intro:
    'Ερωτήσεις για ένα προϊόν, μια συνεργασία ή τα δεδομένα σας; Γράψτε μας και ένα μέλος της ομάδας μας θα σας απαντήσει.',
  addressLabel: 'Διεύθυνση',
  emailLabel: 'E-mail',
};
