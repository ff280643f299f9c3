import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';

/**
 * The most JavaScript the inbox may send, brotli-compressed: `npm run bench:size` fails above it and the
 * browser suite checks it. It was 76.7 KiB when zod was taken out again (zod had added 22 KiB).
 */
export const INBOX_JS_BROTLI_KIB = 80;

const assets = fileURLToPath(new URL('../../../apps/admin/build/assets/', import.meta.url));

/** The scripts of the inbox's production build (apps/admin/build), each with its brotli size. */
export function inboxScripts() {
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => {
      const code = readFileSync(join(assets, file));
      return { file, code: code.toString('utf8'), brotli: brotliCompressSync(code).length };
    });
}
