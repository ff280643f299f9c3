import { brand } from '../content/brand';
import { landing } from '../content/landing';

/** The web app manifest, written at build time from the brand. */
export function loader() {
  const manifest = {
    name: brand.name,
    short_name: brand.name,
    description: landing.meta.description,
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: brand.colours.primary,
    icons: [
      { src: brand.logo.src, type: 'image/svg+xml', sizes: 'any' },
      { src: brand.appleTouchIcon, type: 'image/png', sizes: '180x180' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
}
