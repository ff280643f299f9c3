import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { languages } from '@site/api-contract';
import { brand } from './app/content/brand';
import { copyFor } from './app/content/copy';
import { postalAddressLines } from './app/content/postal-address';
import { shapeDifferences } from './app/content/copy-shape';
import { prerenderedPaths } from './app/paths';

// A language's copy with a key missing or extra fails the build, not a visitor.
for (const language of languages) {
  const differences = shapeDifferences(copyFor('en'), copyFor(language));
  if (differences.length > 0)
    throw new Error(`app/content/${language}/ differs from English:\n  ${differences.join('\n  ')}`);
}

/** palette.css without its comments and line breaks. */
const paletteCss = async () =>
  (await readFile(new URL('app/styles/palette.css', import.meta.url), 'utf8'))
    .replace(/\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();

export default {
  ssr: false,
  prerender: [...prerenderedPaths],
  /**
   * The facts the server needs from the build (accepted site key, company name, the API host its pages
   * may call) travel with it.
   */
  async buildEnd({ reactRouterConfig, viteConfig }) {
    const apiBase = String(viteConfig.env.VITE_API_BASE ?? '');
    const site = {
      name: brand.name,
      siteKey: brand.siteKey,
      email: brand.email,
      // The acknowledgement mail signs with the company's name and address, in the visitor's language.
      legalName: brand.legalName,
      addressLines: Object.fromEntries(
        languages.map((language) => [language, postalAddressLines(language).slice(1)]),
      ),
      // Empty when the forms post to the site's own origin (a relative or empty VITE_API_BASE).
      apiOrigin: URL.canParse(apiBase) ? new URL(apiBase).origin : '',
      // For scripts/brand-images.mjs, which draws the preview picture and icons from the brand.
      colours: brand.colours,
      // The server's own pages take their colours from the same palette as the site's.
      palette: await paletteCss(),
      logo: brand.logo.src,
      // The error page of a form sent without JavaScript names fields as the form does, in its language,
      // and the expired confirmation link's page the marketing box.
      formLabels: Object.fromEntries(
        languages.map((language) => {
          const { labels, consent } = copyFor(language).contactForm;
          return [language, { ...labels, consent }];
        }),
      ),
      // The spam filter suspects messages in a script none of these are written in.
      languages,
      headline: copyFor('en').landing.hero.title,
      subline: copyFor('en').landing.hero.subline,
    };
    await writeFile(
      join(reactRouterConfig.buildDirectory, 'site.json'),
      `${JSON.stringify(site, null, 2)}\n`,
    );
  },
} satisfies Config;
