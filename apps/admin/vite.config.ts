import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * The operators' inbox: a client-rendered app under /admin, built apart from the public site so none
 * of its script weighs on the public pages. The brand comes from the site's one brand module.
 */
export default defineConfig({
  base: '/admin/',
  resolve: {
    alias: { '@brand': fileURLToPath(new URL('../web/app/content/brand.ts', import.meta.url)) },
  },
  build: { outDir: 'build', emptyOutDir: true, assetsInlineLimit: 0 },
  server: { proxy: { '/api': apiTarget, '/admin/api': apiTarget } },
});
