import { defaultLanguage, isLanguage, type Language, localizedPath } from '@site/api-contract';
import { escapeHtml } from '../http/html.js';
import { visitorText } from '../visitor-text/visitor-text.js';
import type { SiteFacts } from './site-facts.js';

export type PageBrand = Pick<SiteFacts, 'name' | 'colours' | 'palette' | 'logo'>;

/**
 * The page in the brand's look: its colours, light or dark as the visitor's system is set, are the
 * site's palette (palette.css, in site.json) over the brand's own.
 */
const styles = ({ colours: c, palette }: PageBrand) =>
  `:root{--brand-primary:${c.primary};--brand-primary-dark:${c.primaryDark};--brand-ink:${c.ink};--brand-surface:${c.surface}}${palette}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:var(--c-text);background:var(--c-surface);line-height:1.6}
header{background:var(--c-card);border-bottom:1px solid var(--c-line)}header a{display:inline-flex;align-items:center;gap:.6rem;padding:.75rem 1.25rem;color:var(--c-text);font-weight:800;font-size:1.15rem;text-decoration:none}
main{max-width:34rem;margin:8vh auto;padding:2rem;background:var(--c-card);border:1px solid var(--c-line);border-radius:14px}@media (max-width:575.98px){main{margin:1.5rem 1rem;padding:1.5rem}}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .75rem}ul{padding-left:1.25rem}button{min-height:48px;padding:.6rem 1.5rem;border:0;border-radius:999px;
background:var(--c-primary-dark);color:#fff;font:inherit;font-weight:650;cursor:pointer}:focus-visible{outline:3px solid var(--c-link);outline-offset:3px}
a{color:var(--c-link)}`;

/** Where a page the server renders leads home, and the language it is written in. */
export type PagePlace = {
  language: Language;
  /** The site's home page in that language; on another origin when an API serves a separate site. */
  home: string;
};

/** The query parameter of a mailed link (confirmation, unsubscribe) that names its page's language. */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * The place of a page served on the site's own origin, in the language a link or form names (`lang` in
 * the mailed links, the `language` field of the pages' forms), else the default.
 */
export function sameSitePlace(named: unknown): PagePlace {
  const language = isLanguage(named) ? named : defaultLanguage;
  return { language, home: localizedPath(language, '/') };
}

/** A small page the server renders itself (unsubscribe, the form's outcomes), in the brand's look. */
export function renderServerPage(
  brand: PageBrand,
  title: string,
  body: string,
  { language, home }: PagePlace,
): string {
  const name = escapeHtml(brand.name);
  const homeHref = escapeHtml(home);
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="${escapeHtml(brand.logo)}"><title>${escapeHtml(title)} | ${name}</title><style>${styles(brand)}</style></head>
<body><header><a href="${homeHref}"><img src="${escapeHtml(brand.logo)}" alt="" width="32" height="32">${name}</a></header>
<main><h1>${escapeHtml(title)}</h1>${body}<p><a href="${homeHref}">${escapeHtml(visitorText(language).homePage(brand.name))}</a></p></main></body></html>`;
}
