// Spike check: one Lighthouse mobile run of BENCH_URL/, printing FCP (simulated and observed), the
// render-blocking audit and the requests with their timing and priority.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const url = `${process.env.BENCH_URL}/`;
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const { lhr } = await lighthouse(url, {
  port: chrome.port,
  logLevel: 'error',
  onlyCategories: ['performance'],
});
await chrome.kill();
const a = lhr.audits;
if (lhr.runtimeError) console.log(lhr.runtimeError);
const obs = a.metrics.details?.items?.[0] ?? {};
console.log({
  fcp: a['first-contentful-paint'].numericValue,
  lcp: a['largest-contentful-paint'].numericValue,
  tbt: a['total-blocking-time'].numericValue,
  observedFcp: obs.observedFirstContentfulPaint,
  observedLcp: obs.observedLargestContentfulPaint,
  observedDcl: obs.observedDomContentLoaded,
});
console.log(
  'render-blocking:',
  JSON.stringify(
    a['render-blocking-resources']?.details?.items ?? a['render-blocking-insight']?.details?.items,
  ),
);
console.log(
  'lcp element:',
  JSON.stringify(
    a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ??
      a['lcp-breakdown-insight']?.details,
  ),
);
for (const r of a['network-requests'].details.items)
  console.log(
    Math.round(r.networkRequestTime),
    Math.round(r.networkEndTime),
    r.priority,
    r.resourceType,
    r.transferSize,
    r.url.replace(url, '/'),
  );
