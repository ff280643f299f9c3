// Spike measurement: the JavaScript a visitor's browser fetches on `/` at load, once the contact form
// has scrolled into view, and after filling and sending it (JS on), under the first-screen bench's
// slow phone. Also: how the message went (fetch to the API or a form post), CSP violations, inline
// scripts in the page. BENCH_URL = a running server. With NO_JS=1: sends with JavaScript off.
import { chromium } from 'playwright-core';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const noJs = process.env.NO_JS === '1';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  isMobile: true,
  hasTouch: true,
  javaScriptEnabled: !noJs,
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
});
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const violations = [];
page.on('console', (message) => {
  if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
});
const requests = [];
page.on('request', (request) => {
  if (request.url().includes('/api/'))
    requests.push(
      `${request.method()} ${new URL(request.url()).pathname} ${request.headers()['content-type'] ?? ''}`,
    );
});
// Every JS response's encoded size, by CDP (resource timing resets per document).
const js = [];
cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
  if (type === 'Script' || /\.m?js(\?|$)/.test(response.url)) js.push({ requestId, url: response.url });
});
const sizes = new Map();
cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) =>
  sizes.set(requestId, encodedDataLength),
);
const kib = () => js.reduce((sum, { requestId }) => sum + (sizes.get(requestId) ?? 0), 0) / 1024;
const files = () => js.map(({ url: u }) => new URL(u).pathname.split('/').pop());

await page.goto(`${url}/`, { waitUntil: 'load' });
await page.waitForTimeout(3000);
const inlineScripts = await page.evaluate(() =>
  [...document.querySelectorAll('script:not([src])')].map(
    (s) => `${s.type || 'classic'}:${s.textContent.length}B`,
  ),
);
const atLoad = { kib: kib(), files: files() };
await page.locator('#compact-name').scrollIntoViewIfNeeded();
await page.waitForTimeout(4000);
const atForm = { kib: kib(), files: files() };
await page.fill('#compact-name', 'Spike Tester');
await page.fill('#compact-email', 'spike@example.com');
await page.fill('#compact-message', 'Sent by the Astro spike measurement script.');
await page.click('form.contact-form-compact button[type=submit]');
let outcome;
if (noJs) {
  await page.waitForURL(/\/contact\/sent/, { timeout: 30_000 });
  outcome = `landed on ${new URL(page.url()).pathname}`;
} else {
  await page.locator('.form-feedback .banner').waitFor({ timeout: 30_000 });
  outcome = await page.locator('.form-feedback .banner').getAttribute('class');
}
await page.waitForTimeout(1000);
const afterSend = { kib: kib(), files: files() };
await browser.close();
const round = (value) => Number(value.toFixed(1));
console.log(
  JSON.stringify(
    {
      url,
      noJs,
      inlineScripts,
      jsKiBAtLoad: round(atLoad.kib),
      jsKiBFormInView: round(atForm.kib),
      jsKiBAfterSend: round(afterSend.kib),
      filesAtLoad: atLoad.files,
      filesAddedByForm: afterSend.files.filter((f) => !atLoad.files.includes(f)),
      apiRequests: requests,
      outcome,
      cspViolations: violations,
    },
    null,
    2,
  ),
);
