import { brand } from './brand';

/** The company's postal address, one line each, as printed in the footer, contact section and legal pages. */
export const postalAddressLines = [
  brand.legalName,
  brand.address.street,
  `${brand.address.postalCode} ${brand.address.city}`,
  brand.address.country,
];
