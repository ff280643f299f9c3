import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';

/**
 * The most JavaScript the inbox may start with, brotli-compressed (the pages other than the messages
 * come when first opened): `npm run bench:size` fails above it and the browser suite checks it. It was
 * 76.7 KiB when zod was taken out again (zod had added 22 KiB), 74.6 KiB when the other pages were split off.
 */
export const INBOX_JS_BROTLI_KIB = 80;

const build = fileURLToPath(new URL('../../../apps/admin/build/', import.meta.url));
const assets = join(build, 'assets');

/**
 * The scripts of the inbox's production build (apps/admin/build), each with its brotli size and whether
 * the inbox starts with it (index.html loads or preloads it) or fetches it when a page is opened.
 */
export function inboxScripts() {
  const page = readFileSync(join(build, 'index.html'), 'utf8');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const code = readFileSync(join(assets, file));
      return {
        file,
        code: code.toString('utf8'),
        brotli: brotliCompressSync(code).length,
        atStart: page.includes(`/assets/${file}"`),
      };
    });
}
