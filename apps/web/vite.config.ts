import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import inter from '@capsizecss/metrics/inter';
import plusJakartaSans from '@capsizecss/metrics/plusJakartaSans';
import { defineConfig } from 'vite';
import { importWithDeps } from './vite-plugins/import-with-deps.ts';
import { inlineScript } from './vite-plugins/inline-script.ts';
import { subsetFonts } from './vite-plugins/subset-fonts.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    subsetFonts({
      outDir: fileURLToPath(new URL('.generated/fonts', import.meta.url)),
      textFrom: [
        fileURLToPath(new URL('app', import.meta.url)),
        fileURLToPath(new URL('../../packages/api-contract/src', import.meta.url)),
      ],
      greekText: fileURLToPath(new URL('app/content/el', import.meta.url)),
      fonts: [
        {
          family: 'Inter Variable',
          file: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
          greekFile: '@fontsource-variable/inter/files/inter-greek-wght-normal.woff2',
          fontWeight: '100 900',
          weights: { min: 400, max: 800 },
          boldWeight: 750,
          features: ['kern'],
          stackProperty: '--font-body',
          metrics: inter,
        },
        {
          family: 'Plus Jakarta Sans Variable',
          file: '@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2',
          fontWeight: '200 800',
          weights: { min: 400, max: 800 },
          boldWeight: 750,
          features: ['kern', 'tnum'],
          stackProperty: '--font-heading',
          // Plus Jakarta Sans has no Greek letters: Greek headings are set in Inter.
          greekPagesUse: '--font-body',
          metrics: plusJakartaSans,
        },
      ],
    }),
    inlineScript(),
    importWithDeps(),
    reactRouter(),
  ],
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
      '@site/api-contract': fileURLToPath(
        new URL('../../packages/api-contract/src/index.ts', import.meta.url),
      ),
    },
  },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // React is fetched when an island needs it, and then all of it runs at once: V8's compile hint
        // has Chromium compile the whole file as it arrives, off the main thread, not function by function
        // while hydrating (https://v8.dev/blog/explicit-compile-hints).
        postBanner: (chunk) => (chunk.name === 'react' ? '//# allFunctionsCalledOnLoad' : ''),
        // Named vendor chunks, so the size benchmark can report React, the router and our code apart.
        codeSplitting: {
          groups: [
            // With React the one hook that every island using it needs anyway, rather than a file of its own.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]lib[\\/]use-hydrated/,
            },
            { name: 'react-router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
            // The contact forms' code in one file, not eight small ones (each a request and ~750 bytes of
            // headers): the contact page fetches it with React at load. The landing page's form fetches the
            // same file, with the contact page's funnel beacon (99 bytes gzipped) it never runs: a file of
            // the contact form's own cost both pages more (decision 072).
            {
              name: 'contact-form',
              test: /[\\/]app[\\/](contact[\\/]|content[\\/](contact-form|brand)|components[\\/]ui[\\/]|paths)|[\\/]packages[\\/]contact[\\/]/,
            },
          ],
        },
      },
    },
  },
});
