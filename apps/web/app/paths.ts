/** Every route path of the site, in one place. */
export const paths = {
  home: '/',
  privacy: '/privacy',
  terms: '/termsservice',
  contact: '/contact',
  /** Prerendered once; the server sends it with status 404 for any unknown path. */
  notFound: '/404',
} as const;

export const prerenderedPaths = Object.values(paths);
