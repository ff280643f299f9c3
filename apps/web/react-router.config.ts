import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { brand } from './app/content/brand';
import { contactFormText } from './app/content/contact-form';
import { landing } from './app/content/landing';
import { prerenderedPaths } from './app/paths';

export default {
  ssr: false,
  prerender: [...prerenderedPaths],
  /** The facts the server needs from the brand (accepted site key, company name) travel with the build. */
  async buildEnd({ reactRouterConfig }) {
    const site = {
      name: brand.name,
      siteKey: brand.siteKey,
      email: brand.email,
      // For scripts/brand-images.mjs, which draws the preview picture and icons from the brand.
      colours: brand.colours,
      logo: brand.logo.src,
      // The error page of a form sent without JavaScript names fields as the form does.
      fieldLabels: contactFormText.labels,
      headline: landing.hero.title,
      subline: landing.hero.subline,
    };
    await writeFile(
      join(reactRouterConfig.buildDirectory, 'site.json'),
      `${JSON.stringify(site, null, 2)}\n`,
    );
  },
} satisfies Config;
