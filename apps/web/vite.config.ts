import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  resolve: {
    // The shared contact schema, from source: the web build needs no separate build of it.
    alias: {
      '@site/contact': fileURLToPath(new URL('../../packages/contact/src/index.ts', import.meta.url)),
    },
  },
  build: { assetsInlineLimit: 0 },
});
