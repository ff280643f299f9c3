/** The public API's paths, headers and cookies, as the server, the site's scripts and the tests name them. */

/** POST: a contact message, as JSON from the scripts or as a plain form post; the forms' action. */
export const CONTACT_API_PATH = '/api/ContactUs';

/**
 * POST, no body: the contact page's form tells the server a visitor touched its first field (the
 * analytics funnel's "form started"); nothing the visitor typed is sent. Answers 204.
 */
export const FORM_STARTED_PATH = '/api/form-started';

/** GET: 200 while the process serves requests at all (liveness). */
export const LIVENESS_PATH = '/healthz';

/** GET: 200 while the database answers, 503 while it does not (readiness). */
export const READINESS_PATH = '/readyz';

/** GET: the page the Unsubscribe link of a marketing mail opens, which asks to confirm (`?token=`). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** POST: the opt-out itself, from that page's form or as the one-click List-Unsubscribe (JSON). */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';

/** GET: `{ token }` for the XSRF header, and the XSRF cookie the token must match. */
export const XSRF_TOKEN_PATH = '/api/csrf';

/** The request header that carries the site key (a plain form post sends it as a field of this name). */
export const SITE_KEY_HEADER = 'guid';

/** The request header that repeats the XSRF token (double submit); lower case, as Node.js reports headers. */
export const XSRF_HEADER = 'x-xsrf-token';

/** The XSRF cookie of a site served over http. HttpOnly: scripts get the token from XSRF_TOKEN_PATH. */
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** The XSRF cookie of an https site: Secure, and with the __Host- prefix, so a subdomain cannot plant it. */
export const SECURE_XSRF_COOKIE = '__Host-XSRF-TOKEN';
