// Prints the JavaScript each prerendered page loads to start the app (fetched after its first paint,
// see apps/web/scripts/defer-hydration.mjs), raw, gzip and brotli.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../apps/web/build/client/', import.meta.url));
const pages = {
  '/': 'index.html',
  '/privacy': 'privacy/index.html',
  '/termsservice': 'termsservice/index.html',
  '/contact': 'contact/index.html',
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

for (const [path, file] of Object.entries(pages)) {
  const html = await readFile(join(root, file), 'utf8');
  const scripts = [...new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
  const rows = await Promise.all(
    scripts.map(async (src) => {
      const data = await readFile(join(root, src));
      return {
        src,
        raw: data.length,
        gzip: gzipSync(data, { level: 9 }).length,
        brotli: brotliCompressSync(data).length,
      };
    }),
  );
  rows.sort((a, b) => b.gzip - a.gzip);
  console.log(`\n${path}: ${rows.length} scripts`);
  console.log('file'.padEnd(42), 'raw KB'.padStart(8), 'gzip KB'.padStart(8), 'br KB'.padStart(8));
  for (const r of rows)
    console.log(r.src.padEnd(42), kb(r.raw).padStart(8), kb(r.gzip).padStart(8), kb(r.brotli).padStart(8));
  const sum = (key, keep = () => true) => rows.filter(keep).reduce((total, r) => total + r[key], 0);
  console.log(
    'total'.padEnd(42),
    kb(sum('raw')).padStart(8),
    kb(sum('gzip')).padStart(8),
    kb(sum('brotli')).padStart(8),
  );
  // Vendor chunks are named in vite.config.ts.
  const isReact = (r) => /\/react-[\w-]{8}\.js$/.test(r.src);
  const isRouter = (r) => r.src.includes('/react-router-');
  const split = {
    React: sum('gzip', isReact),
    'React Router': sum('gzip', isRouter),
    ours: sum('gzip', (r) => !isReact(r) && !isRouter(r)),
  };
  console.log(
    'split, gzip KB:',
    Object.entries(split)
      .map(([name, bytes]) => `${name} ${kb(bytes)}`)
      .join(', '),
  );
}
