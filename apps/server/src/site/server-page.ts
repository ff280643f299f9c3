import { escapeHtml } from '../http/html.js';
import type { SiteFacts } from './site-facts.js';

export type PageBrand = Pick<SiteFacts, 'name' | 'colours' | 'logo'>;

const styles = ({ colours: c }: PageBrand) =>
  `body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:${c.ink};background:${c.surface};line-height:1.6}
header{background:#fff;border-bottom:1px solid #dfe5ee}header a{display:inline-flex;align-items:center;gap:.6rem;padding:.75rem 1.25rem;color:${c.ink};font-weight:800;font-size:1.15rem;text-decoration:none}
main{max-width:34rem;margin:8vh auto;padding:2rem;background:#fff;border:1px solid #dfe5ee;border-radius:14px}@media (max-width:575.98px){main{margin:1.5rem 1rem;padding:1.5rem}}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .75rem}ul{padding-left:1.25rem}button{min-height:48px;padding:.6rem 1.5rem;border:0;border-radius:999px;
background:${c.primaryDark};color:#fff;font:inherit;font-weight:650;cursor:pointer}:focus-visible{outline:3px solid ${c.primaryDark};outline-offset:3px}
a{color:${c.primaryDark}}`;

/**
 * A small page the server renders itself (unsubscribe, the form's outcomes), in the brand's look.
 * `home` is the site's address when the page is served by an API on another origin.
 */
export function renderServerPage(brand: PageBrand, title: string, body: string, home = '/'): string {
  const name = escapeHtml(brand.name);
  const homeHref = escapeHtml(home);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="${escapeHtml(brand.logo)}"><title>${escapeHtml(title)} | ${name}</title><style>${styles(brand)}</style></head>
<body><header><a href="${homeHref}"><img src="${escapeHtml(brand.logo)}" alt="" width="32" height="32">${name}</a></header>
<main><h1>${escapeHtml(title)}</h1>${body}<p><a href="${homeHref}">${name} home page</a></p></main></body></html>`;
}
