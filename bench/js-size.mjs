// Prints the JavaScript each prerendered page fetches at load (the inline behaviour module, the islands
// entry and its static imports), raw, gzip and brotli, then the JavaScript fetched once the contact form
// has been used (bench/form-js.mjs). Then the inbox's JavaScript, which fails the bench above its budget.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { INBOX_JS_BROTLI_KIB, inboxScripts } from '@site/testing/inbox-build';
import { NO_SUCH_PAGE, prerenderedFile } from '@site/testing/pages';
import { languages, localizedPath } from '@site/api-contract';
import { pagePath, paths } from '../apps/web/app/paths.ts';

const root = fileURLToPath(new URL('../apps/web/build/client/', import.meta.url));
const pages = Object.fromEntries(
  languages.flatMap((language) => [
    ...[paths.home, paths.privacy, paths.terms, paths.contact, paths.messageSent].map((path) => [
      pagePath(language, path),
      prerenderedFile(pagePath(language, path)),
    ]),
    [`${localizedPath(language, NO_SUCH_PAGE)} (404)`, prerenderedFile(pagePath(language, paths.notFound))],
  ]),
);
const kb = (bytes) => (bytes / 1024).toFixed(1);
const unescape = (attribute) => attribute.replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The behaviour module inlined in the page, and the modules it loads at once. */
async function scriptsAtLoad(html) {
  const tag = /<script data-islands="([^"]*)">([\s\S]*?)<\/script>/.exec(html);
  if (!tag) throw new Error('no behaviour script: has root.tsx changed?');
  const files = JSON.parse(unescape(tag[1]));
  return [
    { src: '(inline behaviour)', data: Buffer.from(tag[2]) },
    ...(await Promise.all(files.map(async (src) => ({ src, data: await readFile(join(root, src)) })))),
  ];
}

for (const [path, file] of Object.entries(pages)) {
  const scripts = await scriptsAtLoad(await readFile(join(root, file), 'utf8'));
  const rows = scripts.map(({ src, data }) => ({
    src,
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data).length,
  }));
  rows.sort((a, b) => b.gzip - a.gzip);
  console.log(`\n${path}: ${rows.length} scripts at load (islands and React follow on use)`);
  console.log('file'.padEnd(42), 'raw KB'.padStart(8), 'gzip KB'.padStart(8), 'br KB'.padStart(8));
  for (const r of rows)
    console.log(r.src.padEnd(42), kb(r.raw).padStart(8), kb(r.gzip).padStart(8), kb(r.brotli).padStart(8));
  const sum = (key) => rows.reduce((total, r) => total + r[key], 0);
  console.log(
    'total'.padEnd(42),
    kb(sum('raw')).padStart(8),
    kb(sum('gzip')).padStart(8),
    kb(sum('brotli')).padStart(8),
  );
}

const inbox = inboxScripts();
const brotliOf = (scripts) => scripts.reduce((total, script) => total + script.brotli, 0);
const inboxAtStart = brotliOf(inbox.filter((script) => script.atStart));
console.log(`\nThe inbox (/admin): ${inbox.length} script(s)`);
for (const script of inbox)
  console.log(
    script.file.padEnd(42),
    kb(script.brotli).padStart(26),
    script.atStart ? 'at start' : 'when opened',
  );
console.log(
  'at start, brotli'.padEnd(42),
  kb(inboxAtStart).padStart(26),
  `(budget ${INBOX_JS_BROTLI_KIB} KiB)`,
);
console.log('every script, brotli'.padEnd(42), kb(brotliOf(inbox)).padStart(26));
if (inboxAtStart > INBOX_JS_BROTLI_KIB * 1024) {
  console.error(`The inbox's JavaScript at start is over its budget of ${INBOX_JS_BROTLI_KIB} KiB brotli.`);
  process.exitCode = 1;
}

console.log('\nAfter the contact form has been used:');
await import('./form-js.mjs');
