// When a page is usable: under a slow phone's network and CPU (150 ms RTT, 1.6 Mbit/s down,
// 750 kbit/s up, 4x CPU slowdown, via CDP), the time of the first contentful paint and the time the
// loading overlay leaves the document (before the first paint, so no frame shows it), per route (median
// of BENCH_RUNS), with the JavaScript fetched by then.
// BENCH_URL measures a server that is already running instead of the built site.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SLOW_PHONE, emulateSlowPhone, recordPageTimings } from '@site/testing/slow-phone';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { repo } from '@site/testing/server-process';
import { siteAndChromium } from './lib/site-and-chromium.mjs';
import { median } from './lib/stats.mjs';
import { languages, localizedPath } from '@site/api-contract';
import { pagePath, paths as routes } from '../apps/web/app/paths.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// Every page in English, then in Greek.
const paths =
  process.env.BENCH_PATHS?.split(',') ??
  languages.flatMap((language) => [
    ...[routes.home, routes.privacy, routes.terms, routes.contact].map((path) => pagePath(language, path)),
    localizedPath(language, NO_SUCH_PAGE),
  ]);

const { url, browser, close } = await siteAndChromium();

async function measure(path) {
  const context = await browser.newContext({ viewport: SLOW_PHONE.viewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await emulateSlowPhone(context, page);
  await page.addInitScript(recordPageTimings);
  await page.goto(url + path, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__overlayGone !== undefined, null, { timeout: 30_000 });
  await page.waitForTimeout(1000);
  const result = await page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      overlayGone: window.__overlayGone,
      jsKiB: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024,
    };
  });
  await context.close();
  return result;
}

const rows = [];
for (const path of paths) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(path));
  rows.push({
    path,
    fcpMs: Math.round(median(runs.map((r) => r.fcp))),
    overlayGoneMs: Math.round(median(runs.map((r) => r.overlayGone))),
    jsKiB: Number(median(runs.map((r) => r.jsKiB)).toFixed(1)),
  });
}
await close();

console.log(`First screen under a slow phone (150 ms RTT, 1.6 Mbit/s, 4x CPU), median of ${RUNS}`);
console.log(
  'path'.padEnd(16),
  'first paint ms'.padStart(15),
  'overlay gone ms'.padStart(16),
  'JS KiB (wire)'.padStart(14),
);
for (const row of rows)
  console.log(
    row.path.padEnd(16),
    String(row.fcpMs).padStart(15),
    String(row.overlayGoneMs).padStart(16),
    String(row.jsKiB).padStart(14),
  );
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, 'bench/results/first-screen.json'), `${JSON.stringify(rows, null, 2)}\n`);
