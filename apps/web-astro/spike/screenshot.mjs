// Spike check: full-page screenshot of BENCH_URL/ at 375 px (reduced motion, as the e2e screenshots),
// plus the first viewport, and the page's horizontal overflow. Usage: node screenshot.mjs <out-prefix>
import { chromium } from 'playwright-core';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const out = process.argv[2] ?? '/tmp/shot';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' });
const errors = [];
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(`${url}/`, { waitUntil: 'networkidle' });
await page.waitForFunction(() => !document.querySelector('.loading-overlay'));
await page.screenshot({ path: `${out}-375-top.png` });
// Scroll through once, so client:visible islands hydrate as they would for a reader.
for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 400) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.waitForTimeout(150);
}
await page.waitForTimeout(1000);
await page.evaluate(() => window.scrollTo(0, 0));
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}-375.png`, fullPage: true });
await page.click('.menu-toggle');
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}-375-menu.png` });
const state = await page.evaluate(() => ({
  overflow: document.documentElement.scrollWidth - window.innerWidth,
  height: document.documentElement.scrollHeight,
  menuExpanded: document.querySelector('.menu-toggle')?.getAttribute('aria-expanded'),
  stats: [...document.querySelectorAll('.stat-value')].map((e) => e.textContent),
}));
console.log(JSON.stringify({ ...state, errors }));
await browser.close();
