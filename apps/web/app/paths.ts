import {
  CONTACT_PAGE_PATH,
  type Language,
  languages,
  localizedPath,
  MESSAGE_SENT_PATH,
} from '@site/api-contract';

/** Every page's path in the default language, in one place; each other language has them under its prefix. */
export const paths = {
  home: '/',
  privacy: '/privacy',
  terms: '/termsservice',
  contact: CONTACT_PAGE_PATH,
  /** Where a form sent without JavaScript lands once the message is stored (303 from the API). */
  messageSent: MESSAGE_SENT_PATH,
  /** Prerendered once per language; the server sends it with status 404 for any unknown path. */
  notFound: '/404',
} as const;

export type PagePath = (typeof paths)[keyof typeof paths];

/** Files generated from routes at build time. */
export const generatedFiles = {
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const;

/** Pages a search engine should list, in the default language (each has its twin in every language). */
export const indexablePaths: readonly PagePath[] = [paths.home, paths.contact, paths.privacy, paths.terms];

/** A page's path in a language: `pagePath('el', paths.contact)` is `/el/contact`, the Greek home `/el/`. */
export const pagePath = (language: Language, path: PagePath) => localizedPath(language, path);

export const prerenderedPaths = [
  ...languages.flatMap((language) => Object.values(paths).map((path) => pagePath(language, path))),
  ...Object.values(generatedFiles),
];
