import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { build, defineConfig, type Plugin, type Rolldown } from 'vite';

/** `import code from './module?inline-script'`: the module and its imports bundled into one minified script. */
function inlineScript(): Plugin {
  const suffix = '?inline-script';
  return {
    name: 'inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(suffix)) return;
      const resolved = await this.resolve(source.slice(0, -suffix.length), importer);
      return resolved && `${resolved.id}${suffix}`;
    },
    async load(id) {
      if (!id.endsWith(suffix)) return;
      const result = (await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          write: false,
          minify: true,
          rolldownOptions: { input: id.slice(0, -suffix.length), output: { format: 'iife' } },
        },
      })) as Rolldown.RolldownOutput;
      return `export default ${JSON.stringify(result.output[0].code.trim())};`;
    },
  };
}

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [inlineScript(), reactRouter()],
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
