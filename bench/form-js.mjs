// The JavaScript / fetches at load (after it settles, without scrolling), then after the visitor scrolls
// to the compact form, fills it in and sends it (wire bytes, from Resource Timing). Run by bench:size.
import { CONTACT_API_PATH } from '@site/api-contract';
import { launchChromium } from '@site/testing/chromium';
import { startSiteServer } from '@site/testing/server-process';

// The server's SITE_URL must be its own origin, or its same-origin checks refuse the send.
const server = await startSiteServer();
const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
const page = await context.newPage();
const posts = [];
page.on('request', (r) => r.url().endsWith(CONTACT_API_PATH) && posts.push(r.headers()['content-type']));
const js = () =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
      .map((e) => ({ name: new URL(e.name).pathname, bytes: e.transferSize })),
  );
try {
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => !document.querySelector('.loading-overlay'));
  await page.waitForTimeout(2000);
  const atLoad = await js();
  await page.locator('#contact').scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.getByPlaceholder('Your Name').fill('Jane Doe');
  await page.getByPlaceholder('Your Email').fill(`bench.${Date.now()}@example.com`);
  await page.getByPlaceholder('Message').fill('Measuring the JavaScript a sent message costs.');
  await page.getByRole('button', { name: 'SEND' }).click();
  // The island's banner, or the thank-you page of a plain form post.
  await page
    .getByText(/Your message has been sent/)
    .first()
    .waitFor({ timeout: 15_000 });
  await page.waitForTimeout(500);
  const after = await js();
  const endedOn = new URL(page.url()).pathname;
  report(atLoad, after, endedOn);
} catch (error) {
  await page.screenshot({ path: '/tmp/form-js-failure.png' });
  console.error(error);
} finally {
  await browser.close();
  await server.stop();
}

function report(atLoad, after, endedOn) {
  const kib = (list) => (list.reduce((sum, e) => sum + e.bytes, 0) / 1024).toFixed(1);
  console.log(`JS at load: ${atLoad.length} files, ${kib(atLoad)} KiB on the wire`);
  for (const e of atLoad) console.log(`  ${e.name} ${(e.bytes / 1024).toFixed(1)}`);
  const added = after.slice(atLoad.length);
  console.log(`JS after scrolling to the form and sending: ${after.length} files, ${kib(after)} KiB`);
  for (const e of added) console.log(`  + ${e.name} ${(e.bytes / 1024).toFixed(1)}`);
  console.log(`sent as: ${posts.join(', ')}; ended on ${endedOn}`);
}
