import { CONTACT_PAGE_PATH, MESSAGE_SENT_PATH } from '@site/api-contract';

/** Every route path of the site, in one place. */
export const paths = {
  home: '/',
  privacy: '/privacy',
  terms: '/termsservice',
  contact: CONTACT_PAGE_PATH,
  /** Where a form sent without JavaScript lands once the message is stored (303 from the API). */
  messageSent: MESSAGE_SENT_PATH,
  /** Prerendered once; the server sends it with status 404 for any unknown path. */
  notFound: '/404',
} as const;

/** Files generated from routes at build time. */
export const generatedFiles = {
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** Pages a search engine should list. */
export const indexablePaths = [paths.home, paths.contact, paths.privacy, paths.terms];

export const prerenderedPaths = [...Object.values(paths), ...Object.values(generatedFiles)];
