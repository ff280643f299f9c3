import { absoluteUrl } from '../lib/page-meta';
import { generatedFiles } from '../paths';

/** robots.txt, written at build time: everything may be crawled; where the sitemap is. */
export function loader() {
  const text = `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(generatedFiles.sitemap)}\n`;
  return new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
