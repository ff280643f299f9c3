// Spike: the landing page as static HTML from the existing React components, with islands.
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

const web = (path) => fileURLToPath(new URL(`../web/${path}`, import.meta.url));

/** Astro turns image imports into objects; the shared brand.ts expects URLs, as plain Vite gives. */
const brandAssetsAsUrls = {
  name: 'brand-assets-as-urls',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!/\/brand-assets\/[^?]+\.(svg|png)$/.test(source)) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved ? `${resolved.id}?url` : null;
  },
};

/**
 * The behaviour script must be one file (a second one costs a round trip before the first paint), but
 * Rolldown moves modules it shares with the islands into a common chunk: the islands get their own
 * copy of the one they share (reduced-motion.ts) under another module id.
 */
const ownCopyForIslands = {
  name: 'own-copy-for-islands',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.endsWith('/reduced-motion') || !importer?.includes('/app/components/')) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved ? `${resolved.id}?island` : null;
  },
};

export default defineConfig({
  output: 'static',
  outDir: './build/client',
  integrations: [react()],
  devToolbar: { enabled: false },
  // Hashed files under /assets/, which the server caches for a year.
  build: { assets: 'assets', inlineStylesheets: 'never' },
  vite: {
    envPrefix: ['PUBLIC_', 'VITE_'],
    define: {
      __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
      __SITE_URL__: JSON.stringify((process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '')),
    },
    resolve: {
      alias: {
        '@web': web('app'),
        '@site/contact': fileURLToPath(new URL('../../packages/contact/src/index.ts', import.meta.url)),
      },
    },
    plugins: [brandAssetsAsUrls, ownCopyForIslands],
    // No script or asset inlined into the HTML (CSP: scripts from 'self' only, plus the island runtime).
    build: { assetsInlineLimit: 0 },
  },
});
