import { createHash } from 'node:crypto';

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** sha256 source expressions for every inline script of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(inlineScript)) {
    if (body) hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy of an HTML page: scripts only from this origin or with one of the page's own hashes; no
 * plugins, framing or base elsewhere; requests and form posts only to this origin and the API's
 * (`apiOrigin`, empty when the API is on this origin). Styles allow inline style attributes (the
 * brand colours), never inline scripts.
 */
export function pagePolicy(scriptHashes: readonly string[], apiOrigin = ''): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${apiOrigin}`.trim(),
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${apiOrigin}`.trim(),
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For everything that is not a page (JSON, assets): nothing may run or frame it. */
export const resourcePolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The inbox app's page: its own scripts, styles and images and nothing else; no inline code of any kind,
 * no other origin, not even for a form.
 */
export const inboxPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');
