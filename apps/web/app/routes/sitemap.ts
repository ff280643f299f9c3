import { absoluteUrl } from '../lib/page-meta';
import { indexablePaths } from '../paths';

/** sitemap.xml, written at build time from the route table. */
export function loader() {
  const urls = indexablePaths.map((path) => `  <url><loc>${absoluteUrl(path)}</loc></url>`).join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
