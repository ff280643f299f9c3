import type { Language } from '@site/api-contract';
import { brand } from './brand';

/** The company's postal address in a language: street, postal code, city and country. */
export const postalAddress = (language: Language) => ({
  ...brand.address[language],
  postalCode: brand.address.postalCode,
});

/** The address one line each, as printed in the footer, contact section and legal pages. */
export function postalAddressLines(language: Language): string[] {
  const { street, postalCode, city, country } = postalAddress(language);
  return [brand.legalName, street, `${postalCode} ${city}`, country];
}
