// When a page is usable: under a slow phone's network and CPU (150 ms RTT, 1.6 Mbit/s down,
// 750 kbit/s up, 4x CPU slowdown, via CDP), the time of the first contentful paint and the time the
// loading overlay leaves the document (before the first paint, so no frame shows it), per route (median
// of BENCH_RUNS), with the JavaScript fetched by then; on a page whose first screen is a form (an island
// hydrated at load: /contact), the time React has hydrated it, when the form answers as itself.
// BENCH_URL measures a server that is already running instead of the built site.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SLOW_PHONE, emulateSlowPhone, recordPageTimings } from '@site/testing/slow-phone';
import { repo } from '@site/testing/server-process';
import { siteAndChromium } from './lib/site-and-chromium.mjs';
import { median } from './lib/stats.mjs';
import { languageOfPath, languagePrefix } from '@site/api-contract';
import { RUNS, sitePages as paths } from './lib/site-pages.mjs';

const { url, browser, close } = await siteAndChromium();

/** In the page: the time an island hydrated at load marks itself hydrated (islands/hydrate.ts). */
function recordFormReady() {
  new MutationObserver((records, observer) => {
    if (!records.some(({ target }) => target instanceof Element && target.matches('[data-when="load"]')))
      return;
    window.__formReady = performance.now();
    observer.disconnect();
  }).observe(document, { attributeFilter: ['data-hydrated'], subtree: true });
}

async function measure(path) {
  const context = await browser.newContext({ viewport: SLOW_PHONE.viewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await emulateSlowPhone(context, page);
  await page.addInitScript(recordPageTimings);
  await page.addInitScript(recordFormReady);
  await page.goto(url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__overlayGone !== undefined, null, { timeout: 30_000 });
  await page.waitForFunction(
    () => window.__formReady !== undefined || !document.querySelector('[data-when="load"]'),
    null,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(1000);
  const result = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      overlayGone: window.__overlayGone,
      formReady: window.__formReady ?? NaN,
      jsKiB: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024,
    };
  });
  await context.close();
  return result;
}

// Round by round, every path once a round: the VM's slow and fast moments fall on every path alike, so
// the paths (an English page and its Greek twin) can be compared.
const runsOf = new Map(paths.map((path) => [path, []]));
for (let run = 0; run < RUNS; run++) for (const path of paths) runsOf.get(path).push(await measure(path));
const rows = paths.map((path) => {
  const runs = runsOf.get(path);
  return {
    path,
    fcpMs: Math.round(median(runs.map((r) => r.fcp))),
    overlayGoneMs: Math.round(median(runs.map((r) => r.overlayGone))),
    formReadyMs: Math.round(median(runs.map((r) => r.formReady))) || null,
    jsKiB: Number(median(runs.map((r) => r.jsKiB)).toFixed(1)),
  };
});
await close();

console.log(`First screen under a slow phone (150 ms RTT, 1.6 Mbit/s, 4x CPU), median of ${RUNS}`);
console.log(
  'path'.padEnd(16),
  'first paint ms'.padStart(15),
  'overlay gone ms'.padStart(16),
  'form ready ms'.padStart(14),
  'JS KiB (wire)'.padStart(14),
);
for (const row of rows)
  console.log(
    row.path.padEnd(16),
    String(row.fcpMs).padStart(15),
    String(row.overlayGoneMs).padStart(16),
    String(row.formReadyMs ?? '-').padStart(14),
    String(row.jsKiB).padStart(14),
  );
// Each Greek page against its English twin, as the budget puts it (≤ English + 5 %).
const byPath = new Map(rows.map((row) => [row.path, row]));
for (const row of rows.filter((each) => languageOfPath(each.path) !== 'en')) {
  const twin = byPath.get(row.path.slice(languagePrefix(languageOfPath(row.path)).length) || '/');
  if (!twin) continue;
  const percent = (ours, theirs) =>
    `${ours >= theirs ? '+' : ''}${((100 * (ours - theirs)) / theirs).toFixed(1)} %`;
  console.log(
    `${row.path} against ${twin.path}: first paint ${percent(row.fcpMs, twin.fcpMs)}, overlay gone ${percent(row.overlayGoneMs, twin.overlayGoneMs)}`,
  );
}
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, 'bench/results/first-screen.json'), `${JSON.stringify(rows, null, 2)}\n`);
