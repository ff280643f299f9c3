import { brand } from '../brand';

/** Copy shared by every page: loading overlay, footer, not-found page, error screen, legal pages' date. */
export const site = {
  loading: 'Loading...',
  footer: {
    termsLabel: 'Terms of Use',
    privacyLabel: 'Privacy',
    newTabHint: '(opens in a new tab)',
    copyright: (year: string) => `© ${year} ${brand.name}`,
  },
  /** The link to the same page in another language, named in that language (languageNames). */
  languageSwitchHint: 'Read this page in',
  notFound: {
    title: 'Page not found',
    text: 'The page you were looking for does not exist or has moved.',
    action: 'Back to the home page',
    metaTitle: `Page not found | ${brand.name}`,
  },
  error: {
    title: 'Something went wrong',
    text: 'Please reload the page. If the problem persists, e-mail us.',
  },
  lastUpdatedLabel: 'Last updated',
};

export type SiteCopy = typeof site;
