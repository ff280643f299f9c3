// How quickly the page answers a visitor on a slow phone (4x CPU slowdown via CDP): opening the mobile
// menu and pressing SEND (empty fields, so the form shows its errors), each right after load (as soon as
// the loading overlay is gone) and once the page has settled; input to next paint by the Event Timing
// API, the worst of BENCH_RUNS. BENCH_URL measures a server that is already running.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  EVENT_TIMING_FLOOR_MS,
  SLOW_PHONE,
  emulateSlowPhone,
  interactionToPaint,
  recordPageTimings,
} from '@site/testing/slow-phone';
import { repo } from '@site/testing/server-process';
import { siteAndChromium } from './lib/site-and-chromium.mjs';
import { paths } from '../apps/web/app/paths.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SETTLE_MS = 3000;

const interactions = [
  { name: 'menu', path: paths.home, act: (page) => page.locator('.menu-toggle').click() },
  { name: 'SEND', path: paths.contact, act: (page) => page.locator('form button[type="submit"]').click() },
];

const { url, browser, close } = await siteAndChromium();

async function measure({ path, act }) {
  const context = await browser.newContext({ viewport: SLOW_PHONE.viewport, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await emulateSlowPhone(context, page, { network: false });
  await page.addInitScript(recordPageTimings);
  await page.goto(url + path, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__overlayGone !== undefined);
  const atLoad = await interactionToPaint(page, () => act(page));
  await page.keyboard.press('Escape');
  await page.waitForTimeout(SETTLE_MS);
  const settled = await interactionToPaint(page, () => act(page));
  await context.close();
  return { atLoad, settled };
}

const rows = [];
for (const interaction of interactions) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(interaction));
  rows.push({
    interaction: `${interaction.name} on ${interaction.path}`,
    atLoadMs: Math.max(...runs.map((r) => r.atLoad)),
    settledMs: Math.max(...runs.map((r) => r.settled)),
  });
}
await close();

console.log(
  `Input to next paint on a slow phone (4x CPU), worst of ${RUNS}; ${EVENT_TIMING_FLOOR_MS} means quicker than the API reports`,
);
console.log('interaction'.padEnd(18), 'right after load ms'.padStart(20), 'settled ms'.padStart(11));
for (const row of rows)
  console.log(
    row.interaction.padEnd(18),
    String(row.atLoadMs).padStart(20),
    String(row.settledMs).padStart(11),
  );
await mkdir(join(repo, 'bench/results'), { recursive: true });
await writeFile(join(repo, 'bench/results/interaction.json'), `${JSON.stringify(rows, null, 2)}\n`);
