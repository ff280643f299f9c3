// Spike check: what the stat counters show, every 100 ms, after they scroll into view.
import { chromium } from 'playwright-core';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
await page.goto(`${url}/`, { waitUntil: 'networkidle' });
await page.waitForTimeout(1000);
await page.evaluate(() => document.querySelector('.stats')?.scrollIntoView());
const seen = [];
for (let i = 0; i < 20; i++) {
  seen.push(
    await page.evaluate(() =>
      [...document.querySelectorAll('.stat-value')].map((e) => e.textContent).join(''),
    ),
  );
  await page.waitForTimeout(100);
}
console.log(seen.join(' '));
await browser.close();
