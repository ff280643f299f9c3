import { describe, expect, it } from 'vitest';
import { CHROME_AGENT, navigationHeaders, PHONE_AGENT } from '../test/page-visits.js';
import { openStorageDatabase } from '../test/test-database.js';
import { buildTestApp, TEST_SITE_KEY, writeTestSite } from '../test/test-app.js';
import { prerenderedFile } from '@site/testing/pages';
import { dayOf } from './analytics-day.js';
import { figuresOfDay } from './analytics-retention.js';
import { BURST_VIEWS } from './behaviour.js';
import { pageViewRepository } from './page-view-repository.js';

const OLD_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Safari/605.1.15';

describe('bots found by what they do, left out per reason', () => {
  it('leaves out bursts and clients that show no sign of a browser, and counts people, cached assets or not', async () => {
    const { app, storage } = await buildTestApp(
      { TRUST_PROXY: '127.0.0.1' },
      writeTestSite({
        [prerenderedFile('/contact')]: '<h1>Contact</h1>',
        'assets/app-3f9a1c.js': 'console.log(1)',
      }),
    );
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const visit = (ip: string, path: string, headers: Record<string, string>) =>
      fetch(`${origin}${path}`, { headers: { 'x-forwarded-for': ip, ...headers } });

    // A person whose browser has every asset cached: its navigation header says it is a browser.
    await visit('198.51.100.1', '/', navigationHeaders());
    await visit('198.51.100.1', '/contact', navigationHeaders());
    // An old Safari (no Sec-Fetch-* headers) that fetches the page's script.
    await visit('198.51.100.2', '/', { 'user-agent': OLD_SAFARI });
    await visit('198.51.100.2', '/assets/app-3f9a1c.js', { 'user-agent': OLD_SAFARI });
    // A script passing for a person's browser: neither header nor asset.
    await visit('198.51.100.3', '/', { 'user-agent': CHROME_AGENT });
    await visit('198.51.100.3', '/contact', { 'user-agent': CHROME_AGENT });
    // A scraper with the browser's headers, too fast for a person reading.
    for (let view = 0; view <= BURST_VIEWS; view++)
      await visit('198.51.100.4', view % 2 ? '/' : '/contact', navigationHeaders(PHONE_AGENT));
    await app.close();

    const db = await openStorageDatabase(storage);
    const rows = await figuresOfDay(pageViewRepository(db), dayOf(Date.now()), TEST_SITE_KEY);
    const figure = (dimension: string, value: string) => {
      const row = rows.find((found) => found.dimension === dimension && found.value === value);
      return row && { visitors: row.visitors, views: row.views };
    };
    expect(figure('total', '')).toEqual({ visitors: 2, views: 3 });
    expect(figure('left-out', 'no-assets')).toEqual({ visitors: 1, views: 2 });
    expect(figure('left-out', 'burst')).toEqual({ visitors: 1, views: BURST_VIEWS + 1 });
    expect(figure('device', 'mobile')).toBeUndefined();
    expect(figure('funnel', 'contact-viewed')).toEqual({ visitors: 1, views: 1 });
  });
});
