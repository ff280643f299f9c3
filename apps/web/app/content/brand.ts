import type { Language } from '@site/api-contract';
import logoMark from './brand-assets/logo-mark.svg';
import appleTouchIcon from './brand-assets/apple-touch-icon.png';
import ogImage from './brand-assets/og-image.png';

type Place = { street: string; city: string; country: string };

/**
 * A Greek sentence inflects the city and the country: "based in Limassol, Cyprus" is «με έδρα τη Λεμεσό
 * της Κύπρου», "the courts of Limassol" «τα δικαστήρια της Λεμεσού». Each form carries its article,
 * which follows the name's gender.
 */
type GreekPlace = Place & {
  /** The city after «με έδρα», with its article: «τη Λεμεσό». */
  cityAccusative: string;
  /** «της Λεμεσού» */
  cityGenitive: string;
  /** «της Κύπρου» */
  countryGenitive: string;
};

/** The postal code, and the street, city and country as each language writes them. */
type PostalAddresses = { postalCode: string; en: Place; el: GreekPlace };

/**
 * Every company fact on the site. A white-label partner rebrands the whole site by editing this file
 * (and pointing `logo` at their own mark).
 */
export const brand = {
  name: 'Example Digital',
  legalName: 'Example Digital Ltd',
  /** Sent as the `guid` header with every contact message; the API accepts only known site keys. */
  siteKey: '6f1c2a4e-3b8d-4c59-9e7a-1d2f3a4b5c6d',
  email: 'support@example.com',
  /** The postal address, as it is written in each of the site's languages. */
  address: {
    postalCode: '3036',
    en: { street: '1 Example Avenue', city: 'Limassol', country: 'Cyprus' },
    el: {
      street: 'Λεωφόρος Παραδείγματος 1',
      city: 'Λεμεσός',
      country: 'Κύπρος',
      cityAccusative: 'τη Λεμεσό',
      cityGenitive: 'της Λεμεσού',
      countryGenitive: 'της Κύπρου',
    },
  } satisfies PostalAddresses,
  logo: { src: logoMark, alt: 'Example Digital' },
  /** 1200 x 630 picture for link previews; `npm run brand:images` draws it from this file. */
  ogImage: {
    src: ogImage,
    alt: {
      en: 'Example Digital: internet marketing software',
      el: 'Example Digital: λογισμικό διαδικτυακού μάρκετινγκ',
    } satisfies Record<Language, string>,
  },
  /** 180 x 180 home-screen icon, drawn by `npm run brand:images` too. */
  appleTouchIcon,
  colours: {
    primary: '#1b5fd1',
    primaryDark: '#123f8c',
    accent: '#0fa38a',
    ink: '#14213d',
    surface: '#f4f7fb',
  },
} as const;

export type Brand = typeof brand;
