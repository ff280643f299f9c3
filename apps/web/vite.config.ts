import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [reactRouter()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    // The public address, for canonical URLs, Open Graph and the sitemap (the server's SITE_URL too).
    __SITE_URL__: JSON.stringify((process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, '')),
  },
  server: {
    // The dev server has no API: /api goes to a running server (`npm start`). The API knows its own
    // origin from its SITE_URL, so the dev page's requests are passed on with the API's origin: they stay
    // same-origin there and use the XSRF token, not CORS.
    proxy: {
      '/api': {
        target: apiTarget,
        configure: (proxy) =>
          proxy.on('proxyReq', (proxyRequest, request) => {
            if (request.headers.origin === `http://${request.headers.host}`)
              proxyRequest.setHeader('origin', new URL(apiTarget).origin);
          }),
      },
    },
  },
  resolve: {
    // The shared contact schema, from source: the web build needs no separate build of it.
    alias: {
      '@site/contact': fileURLToPath(new URL('../../packages/contact/src/index.ts', import.meta.url)),
    },
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Named vendor chunks, so the size benchmark can report React, the router and our code apart.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'react-router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
});
