import { prerenderedFile } from '@site/testing/pages';
import { describe, expect, it } from 'vitest';
import { daysBefore, dayOf } from '../analytics/analytics-day.js';
import type { AnalyticsReport } from '@site/api-contract';
import { messagesInProcess } from '../test/messages-in-process.js';
import { CHROME_AGENT, navigationHeaders, PHONE_AGENT } from '../test/page-visits.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY, writeTestSite } from '../test/test-app.js';

const site = () =>
  writeTestSite({
    [prerenderedFile('/contact')]: '<h1>Contact</h1>',
    [prerenderedFile('/privacy')]: '<h1>Privacy</h1>',
    [prerenderedFile('/el')]: '<h1>Αρχική</h1>',
    [prerenderedFile('/el/contact')]: '<h1>Επικοινωνία</h1>',
  });

const count = (visitors: number, pageViews: number) => ({ visitors, pageViews });

describe('npm run messages -- analytics', () => {
  it("prints the period's figures and the period before's, as counted by hand", async () => {
    const { app, storage } = await buildTestApp(
      { TRUST_PROXY: '127.0.0.1', CONTACT_RATE_PER_MINUTE: '100' },
      site(),
    );
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const visit = (ip: string, path: string, headers: Record<string, string>) =>
      fetch(`${origin}${path}`, { headers: { 'x-forwarded-for': ip, ...headers } });
    // A: from a newsletter's link found through Google, then the contact page.
    await visit(
      '198.51.100.1',
      '/?utm_source=newsletter&utm_medium=email&utm_campaign=autumn',
      navigationHeaders(CHROME_AGENT, { referer: 'https://www.google.com/' }),
    );
    await visit('198.51.100.1', '/contact', navigationHeaders(CHROME_AGENT, { referer: `${origin}/` }));
    // B: a phone from LinkedIn, in Greek, to the Greek contact page.
    await visit(
      '198.51.100.2',
      '/el',
      navigationHeaders(PHONE_AGENT, { referer: 'https://www.linkedin.com/feed' }),
    );
    await visit('198.51.100.2', '/el/contact', navigationHeaders(PHONE_AGENT));
    // C: typed in.
    await visit('198.51.100.3', '/privacy', navigationHeaders());
    // A crawler, and a script passing for Chrome.
    await visit('198.51.100.4', '/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await visit('198.51.100.5', '/', { 'user-agent': CHROME_AGENT });
    // One message kept, one spam (the honeypot), one not from the form.
    expect((await sendMessage(app, validMessage)).statusCode).toBe(201);
    expect((await sendMessage(app, { ...validMessage, website: 'https://spam.example' })).statusCode).toBe(
      201,
    );
    await app.close();
    const [stored] = await readRows(storage, 'select count(*) as n from messages where spam = 0');
    expect(Number(stored?.n)).toBe(1);

    // Two days before today, rolled up: the period before (two days long) sees it.
    const today = dayOf(Date.now());
    const earlier = daysBefore(today, 2);
    for (const [dimension, value, visitors, views] of [
      ['total', '', 4, 9],
      ['path', '/', 4, 9],
      ['left-out', 'headless', 0, 3],
    ] as const)
      await writeRows(
        storage,
        'insert into analytics_daily (day, site_key, dimension, value, visitors, views) values (?, ?, ?, ?, ?, ?)',
        earlier,
        TEST_SITE_KEY,
        dimension,
        value,
        visitors,
        views,
      );

    const cli = await messagesInProcess(storage, 'analytics', '--from', daysBefore(today, 1), '--json');
    expect(cli.code, cli.err).toBe(0);
    const report = JSON.parse(cli.out) as AnalyticsReport;
    expect(report.site).toBeNull();
    expect(report.current).toEqual({
      from: daysBefore(today, 1),
      to: today,
      ...count(3, 5),
      pages: expect.arrayContaining([
        { path: '/', ...count(1, 1) },
        { path: '/contact', ...count(1, 1) },
        { path: '/el', ...count(1, 1) },
        { path: '/el/contact', ...count(1, 1) },
        { path: '/privacy', ...count(1, 1) },
      ]),
      landingPages: [
        { path: '/', ...count(1, 2) },
        { path: '/el', ...count(1, 2) },
        { path: '/privacy', ...count(1, 1) },
      ],
      referrers: [
        { host: 'www.google.com', ...count(1, 2) },
        { host: 'www.linkedin.com', ...count(1, 2) },
        { host: '', ...count(1, 1) },
      ],
      campaigns: {
        utm_source: [{ value: 'newsletter', ...count(1, 2) }],
        utm_medium: [{ value: 'email', ...count(1, 2) }],
        utm_campaign: [{ value: 'autumn', ...count(1, 2) }],
        utm_term: [],
        utm_content: [],
      },
      languages: [
        { language: 'en', ...count(2, 3) },
        { language: 'el', ...count(1, 2) },
      ],
      sites: [{ site: TEST_SITE_KEY, ...count(3, 5) }],
      devices: [
        { device: 'desktop', ...count(2, 3) },
        { device: 'mobile', ...count(1, 2) },
      ],
      // No ANALYTICS_GEOIP_DB: no country (country.test.ts counts them).
      countries: [],
      funnel: { visitors: 3, contactViewed: 2, formStarted: 0, sent: 1 },
      leftOut: expect.arrayContaining([
        { reason: 'declared-bot', requests: 1, visitors: 0 },
        { reason: 'no-assets', requests: 1, visitors: 1 },
      ]),
    });
    expect(report.current.pages).toHaveLength(5);
    expect(report.current.leftOut).toHaveLength(2);
    expect(report.previous).toMatchObject({
      from: daysBefore(today, 3),
      to: earlier,
      ...count(4, 9),
      pages: [{ path: '/', ...count(4, 9) }],
      funnel: { visitors: 4, contactViewed: 0, formStarted: 0, sent: 0 },
      leftOut: [{ reason: 'headless', requests: 3, visitors: 0 }],
    });

    const other = await messagesInProcess(storage, 'analytics', '--site', 'another-site', '--json');
    expect(JSON.parse(other.out)).toMatchObject({
      site: 'another-site',
      current: { visitors: 0, pageViews: 0, funnel: { sent: 0 } },
    });
    // By default the 30 days up to today: the day rolled up as well.
    const text = await messagesInProcess(storage, 'analytics');
    expect(text.out).toContain('Visitors: 7');
    expect(text.out).toContain('1 sent');
    // Counts only: no audit entry.
    expect(await readRows(storage, "select * from audit_log where action like '%analytics%'")).toEqual([]);
  });

  it('refuses a day that is not one, and a period that ends before it starts, naming every problem', async () => {
    const { storage } = await buildTestApp();
    for (const [args, message] of [
      [['--from', '2026-02-30'], '--from must be a day such as 2026-01-31'],
      [['--to', 'yesterday'], '--to must be a day such as 2026-01-31'],
      [['--from', '2026-03-02', '--to', '2026-03-01'], '--from must not be after to'],
      [
        ['--from', '2026-02-30', '--to', 'yesterday'],
        '--from must be a day such as 2026-01-31; --to must be a day such as 2026-01-31',
      ],
    ] as const) {
      const cli = await messagesInProcess(storage, 'analytics', ...args);
      expect(cli.code, args.join(' ')).toBe(2);
      expect(cli.err.split('\n')[0], args.join(' ')).toBe(`Error: ${message}`);
    }
  });
});
