import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '@react-router/dev/config';
import { brand } from './app/content/brand';
import { prerenderedPaths } from './app/paths';

export default {
  ssr: false,
  prerender: [...prerenderedPaths],
  /** The facts the server needs from the brand (accepted site key, company name) travel with the build. */
  async buildEnd({ reactRouterConfig }) {
    const site = { name: brand.name, siteKey: brand.siteKey, email: brand.email };
    await writeFile(
      join(reactRouterConfig.buildDirectory, 'site.json'),
      `${JSON.stringify(site, null, 2)}\n`,
    );
  },
} satisfies Config;
