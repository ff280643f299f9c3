import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { brand } from './app/content/brand';
import { contactFormText } from './app/content/contact-form';
import { landing } from './app/content/landing';
import { site as siteText } from './app/content/site';
import { prerenderedPaths } from './app/paths';

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
      // Empty when the forms post to the site's own origin (a relative or empty VITE_API_BASE).
      apiOrigin: URL.canParse(apiBase) ? new URL(apiBase).origin : '',
      // For scripts/brand-images.mjs, which draws the preview picture and icons from the brand.
      colours: brand.colours,
      logo: brand.logo.src,
      // The error page of a form sent without JavaScript names fields as the form does.
      fieldLabels: contactFormText.labels,
      // The spam filter suspects messages in a script none of these are written in.
      languages: [siteText.language],
      headline: landing.hero.title,
      subline: landing.hero.subline,
    };
    await writeFile(
      join(reactRouterConfig.buildDirectory, 'site.json'),
      `${JSON.stringify(site, null, 2)}\n`,
    );
  },
} satisfies Config;
