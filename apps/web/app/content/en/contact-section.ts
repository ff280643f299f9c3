/**
 * The contact section's heading and the labels of the company's details, on the landing page and on
 * /contact. Kept apart from the landing copy so /contact does not load that.
 */
export const contactSection = {
  title: 'Contact Us',
  intro:
    'Questions about a product, a partnership or your data? Write to us and a member of our team will reply.',
  addressLabel: 'Address',
  emailLabel: 'E-mail',
};

export type ContactSectionCopy = typeof contactSection;
