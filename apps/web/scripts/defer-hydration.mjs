// Rewrites every prerendered page so its JavaScript is fetched only after the first contentful paint.
//
// React Router puts a modulepreload link for every chunk in <head> and starts the app from an inline
// module script with static imports, so on a slow phone ~110 KB of script shares the bandwidth with the
// stylesheet and fonts before anything is drawn. The page is already complete HTML, so hydration can
// wait until it is drawn. The rewritten script waits for the first contentful paint, then adds the same
// preload links, loads the same modules in parallel and starts the app as before.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const preloadLink = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const appScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const staticImport = /^import (?:\* as (\w+) from )?("[^"]+");\n/gm;

// Without paint timing (or if the tab is hidden and never paints), fall back to the next frame or 3 s.
const afterFirstContentfulPaint = `await new Promise((painted) => {
  if (performance.getEntriesByName("first-contentful-paint").length > 0) return painted();
  if (!PerformanceObserver.supportedEntryTypes.includes("paint")) return requestAnimationFrame(() => setTimeout(painted));
  new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length > 0) painted();
  }).observe({ type: "paint", buffered: true });
  setTimeout(painted, 3000);
});`;

/** @param {string} html a page as React Router prerendered it */
function deferHydration(html) {
  // A page of islands (see app/root.tsx) carries no React Router scripts to defer.
  if (!html.includes('window.__reactRouterContext')) return html;
  const preloads = [...html.matchAll(preloadLink)].map((match) => match[1]);
  const script = appScript.exec(html);
  if (preloads.length === 0 || !script) {
    throw new Error('defer-hydration: no modulepreload links or app script; did React Router change?');
  }
  const body = script[1];
  const imports = [...body.matchAll(staticImport)];
  if (imports.length === 0) throw new Error('defer-hydration: the app script has no static imports');

  const names = imports.map(([, name]) => name ?? '').join(', ');
  const loads = imports.map(([, , specifier]) => `import(${specifier})`).join(', ');
  const deferred = [
    afterFirstContentfulPaint,
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));',
    '}',
    `const [${names}] = await Promise.all([${loads}]);`,
    body.replace(staticImport, '').trim(),
  ].join('\n');

  return html.replace(preloadLink, '').replace(script[0], () => `<script type="module">${deferred}</script>`);
}

const root = process.argv[2];
if (!root) throw new Error('usage: defer-hydration.mjs <build folder>');

let count = 0;
for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
  const path = join(entry.parentPath, entry.name);
  await writeFile(path, deferHydration(await readFile(path, 'utf8')));
  count++;
}
console.log(`deferred hydration in ${count} pages`);
