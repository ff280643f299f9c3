/**
 * The contract's constants without its schemas: paths, headers, cookies, error codes, languages and
 * limits. The inbox takes its values from here and only types from the index, so no zod (and no eval
 * probe, which its Content-Security-Policy refuses) reaches its bundle.
 */
export * from './admin-api.js';
export * from './admin-endpoints.js';
export * from './api.js';
export * from './api-errors.js';
export * from './dmarc-results.js';
export * from './languages.js';
export * from './calendar-days.js';
export * from './series-buckets.js';
export * from './spam-signals.js';
export * from './thread-cursor.js';
export * from './webhook-constants.js';
export * from './webhook-url.js';
