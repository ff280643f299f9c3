/**
 * A path no route has, which the server answers with the not-found page and status 404. Nested, so that
 * a link or asset that works only from a top-level page shows up broken here too.
 */
export const NO_SUCH_PAGE = '/no/such/page';

/** The prerendered file of a route in the web build: `index.html` for `/`, `privacy/index.html` for `/privacy`. */
export const prerenderedFile = (path: string) =>
  path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
