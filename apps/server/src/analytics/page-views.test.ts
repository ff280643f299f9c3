import { prerenderedFile } from '@site/testing/pages';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CHROME_AGENT, navigationHeaders, PHONE_AGENT } from '../test/page-visits.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY, writeTestSite } from '../test/test-app.js';
import type { TestStorage } from '../test/test-storage.js';
import { dayOf } from './analytics-day.js';

/** The visitor's address as the proxy tells it: never to be found in the database. */
const VISITOR_IP = '203.0.113.77';
const ANALYTICS_TABLES = [
  'analytics_salts',
  'analytics_views',
  'analytics_asset_visitors',
  'analytics_left_out',
  'analytics_daily',
];

const site = () =>
  writeTestSite({
    [prerenderedFile('/contact')]: '<h1>Contact</h1>',
    [prerenderedFile('/el/contact')]: '<h1>Επικοινωνία</h1>',
    'assets/app-3f9a1c.js': 'console.log(1)',
    'favicon.svg': '<svg/>',
  });

/** The app behind a trusted proxy, listening: requests come over real HTTP. */
async function listeningApp(storage?: TestStorage) {
  const built = await buildTestApp({ TRUST_PROXY: '127.0.0.1' }, site(), {}, storage);
  const origin = await built.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...built, origin };
}

const get = (origin: string, path: string, headers: Record<string, string>, method = 'GET') =>
  fetch(`${origin}${path}`, {
    method,
    headers: { 'x-forwarded-for': VISITOR_IP, ...headers },
    redirect: 'manual',
  });

/** Closing the app writes what it buffered. */
const closed = (app: FastifyInstance) => app.close();

describe('page views counted by the server as it serves pages', () => {
  it('counts a page view with its path, language, site, referrer host, campaign and device', async () => {
    const { app, origin, storage } = await listeningApp();
    const landing = await get(
      origin,
      '/el/contact?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&utm_term=crm&utm_content=' +
        'x'.repeat(300),
      navigationHeaders(PHONE_AGENT, { referer: 'https://www.google.com/search?q=crm' }),
    );
    expect(landing.status).toBe(200);
    // A move to another of our pages: our own host is no referrer.
    await get(origin, '/', navigationHeaders(PHONE_AGENT, { referer: `${origin}/el/contact` }));
    await closed(app);

    const views = await readRows(storage, 'select * from analytics_views order by viewed_at, seq');
    expect(views).toHaveLength(2);
    expect(views[0]).toMatchObject({
      day: dayOf(Date.now()),
      site_key: TEST_SITE_KEY,
      path: '/el/contact',
      language: 'el',
      referrer_host: 'www.google.com',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'autumn',
      utm_term: 'crm',
      utm_content: 'x'.repeat(100),
      device: 'mobile',
      navigation: 1,
    });
    expect(views[1]).toMatchObject({ path: '/', language: 'en', referrer_host: null, utm_source: null });
    expect(views[1]!.visitor).toBe(views[0]!.visitor);
  });

  it('stores nothing that identifies the visitor: no address, no user agent, no cookie', async () => {
    const { app, origin, storage } = await listeningApp();
    const page = await get(origin, '/contact', navigationHeaders());
    expect(page.headers.get('set-cookie') ?? '').not.toMatch(/visitor|analytics/i);
    await get(origin, '/assets/app-3f9a1c.js', { 'user-agent': CHROME_AGENT });
    await get(origin, '/', { 'user-agent': 'curl/8.5.0' });
    await closed(app);

    let values = 0;
    for (const table of ANALYTICS_TABLES)
      for (const row of await readRows(storage, `select * from ${table}`))
        for (const value of Object.values(row)) {
          values++;
          expect(String(value), table).not.toContain(VISITOR_IP);
          expect(String(value), table).not.toContain('Chrome/131');
          expect(String(value), table).not.toContain('curl');
        }
    expect(values).toBeGreaterThan(20);
  });

  it('does not count HEAD, prefetches, health checks, 404s, assets and other files', async () => {
    const { app, origin, storage } = await listeningApp();
    const person = navigationHeaders();
    expect((await get(origin, '/contact', person, 'HEAD')).status).toBe(200);
    await get(origin, '/contact', { ...person, 'sec-purpose': 'prefetch' });
    await get(origin, '/contact', { ...person, purpose: 'prefetch' });
    await get(origin, '/contact', { ...person, 'sec-purpose': 'prefetch;prerender' });
    expect((await get(origin, '/healthz', person)).status).toBe(200);
    expect((await get(origin, '/readyz', person)).status).toBe(200);
    expect((await get(origin, '/no-such-page', person)).status).toBe(404);
    expect((await get(origin, '/el/no-such-page', person)).status).toBe(404);
    expect((await get(origin, '/assets/app-3f9a1c.js', person)).status).toBe(200);
    expect((await get(origin, '/favicon.svg', person)).status).toBe(200);
    expect((await get(origin, '/contact/', person)).status).toBe(308);
    await closed(app);
    expect(await readRows(storage, 'select * from analytics_views')).toEqual([]);
    expect(await readRows(storage, 'select * from analytics_left_out')).toEqual([]);
    // The asset fetch is kept only as a sign that this visitor's client is a browser.
    const assets = await readRows(storage, 'select count(*) as n from analytics_asset_visitors');
    expect(Number(assets[0]?.n)).toBe(1);
  });

  it('leaves declared bots, headless browsers and requests without an agent out, counted by reason only', async () => {
    const { app, origin, storage } = await listeningApp();
    await get(origin, '/', {
      'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    await get(origin, '/contact', { 'user-agent': 'python-requests/2.32.3' });
    await get(origin, '/', { 'user-agent': CHROME_AGENT.replace('Chrome/', 'HeadlessChrome/') });
    await get(origin, '/', { 'user-agent': '' });
    await closed(app);
    expect(await readRows(storage, 'select * from analytics_views')).toEqual([]);
    const leftOut = await readRows(
      storage,
      'select day, site_key, reason, requests from analytics_left_out order by reason',
    );
    expect(leftOut.map((row) => ({ ...row, requests: Number(row.requests) }))).toEqual([
      { day: dayOf(Date.now()), site_key: TEST_SITE_KEY, reason: 'declared-bot', requests: 2 },
      { day: dayOf(Date.now()), site_key: TEST_SITE_KEY, reason: 'headless', requests: 1 },
      { day: dayOf(Date.now()), site_key: TEST_SITE_KEY, reason: 'no-agent', requests: 1 },
    ]);
  });

  it('two instances on one database share the salt and count each view once', async () => {
    const first = await listeningApp();
    const second = await listeningApp(first.storage);
    for (const origin of [first.origin, second.origin, first.origin])
      expect((await get(origin, '/contact', navigationHeaders())).status).toBe(200);
    await get(second.origin, '/', navigationHeaders(PHONE_AGENT));
    await Promise.all([closed(first.app), closed(second.app)]);

    expect(await readRows(first.storage, 'select day from analytics_salts')).toEqual([
      { day: dayOf(Date.now()) },
    ]);
    const views = await readRows(first.storage, 'select visitor from analytics_views');
    expect(views).toHaveLength(4);
    expect(new Set(views.map((row) => row.visitor)).size).toBe(2);
  });

  it('counts nothing with ANALYTICS=off', async () => {
    const { app, storage } = await buildTestApp({ ANALYTICS: 'off' }, site());
    expect((await app.inject({ url: '/contact', headers: navigationHeaders() })).statusCode).toBe(200);
    await closed(app);
    for (const table of ANALYTICS_TABLES)
      expect(await readRows(storage, `select * from ${table}`)).toEqual([]);
  });
});
