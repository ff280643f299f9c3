import { defaultLanguage, languages } from '@site/api-contract';
import { absoluteUrl } from '../lib/page-meta';
import { indexablePaths, pagePath } from '../paths';

/** A page's twins in every language and x-default, as sitemap alternates (Google's xhtml:link). */
const alternates = (path: (typeof indexablePaths)[number]) =>
  [
    ...languages.map((language) => [language, pagePath(language, path)]),
    ['x-default', pagePath(defaultLanguage, path)],
  ]
    .map(
      ([hreflang, href]) =>
        `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${absoluteUrl(href!)}"/>`,
    )
    .join('\n');

/** sitemap.xml, written at build time from the route table: every indexable page in every language. */
export function loader() {
  const urls = indexablePaths
    .flatMap((path) =>
      languages.map(
        (language) =>
          `  <url>\n    <loc>${absoluteUrl(pagePath(language, path))}</loc>\n${alternates(path)}\n  </url>`,
      ),
    )
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
