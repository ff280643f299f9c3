import { adminApiPaths, type AnalyticsReport, apiErrorCodes } from '@site/api-contract';
import { prerenderedFile } from '@site/testing/pages';
import { describe, expect, it } from 'vitest';
import { daysBefore, dayOf } from './analytics-day.js';
import { adminBrowser, signedInOperator } from '../test/admin-client.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { navigationHeaders, PHONE_AGENT } from '../test/page-visits.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY, writeTestSite } from '../test/test-app.js';

const count = (visitors: number, pageViews: number) => ({ visitors, pageViews });

describe('GET /admin/api/analytics: the dashboard', () => {
  it("answers operators with the command line's figures, the period before and a series over time", async () => {
    const { app, storage } = await buildTestApp(
      { TRUST_PROXY: '127.0.0.1' },
      writeTestSite({ [prerenderedFile('/contact')]: '<h1>Contact</h1>' }),
    );
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    // Today, raw: two people, three page views.
    const visit = (ip: string, path: string, agent?: string) =>
      fetch(`${origin}${path}`, { headers: { 'x-forwarded-for': ip, ...navigationHeaders(agent) } });
    await visit('198.51.100.1', '/');
    await visit('198.51.100.1', '/contact');
    await visit('198.51.100.2', '/', PHONE_AGENT);
    // Rolled up: yesterday on two sites, and four days ago, in the period before a 3-day period.
    const today = dayOf(Date.now());
    for (const [day, site, visitors, views] of [
      [daysBefore(today, 1), TEST_SITE_KEY, 5, 8],
      [daysBefore(today, 1), 'partner-site', 2, 2],
      [daysBefore(today, 4), TEST_SITE_KEY, 7, 11],
    ] as const)
      for (const [dimension, value] of [
        ['total', ''],
        ['path', '/'],
      ])
        await writeRows(
          storage,
          'insert into analytics_daily (day, site_key, dimension, value, visitors, views) values (?, ?, ?, ?, ?, ?)',
          day,
          site,
          dimension,
          value,
          visitors,
          views,
        );
    // The buffer writes the raw views at the latest when the app closes.
    await app.close();

    const { app: inbox } = await buildTestApp({}, writeTestSite(), {}, storage);
    const operator = await signedInOperator(inbox, storage, 'anna@example.com');
    const from = daysBefore(today, 2);
    const answer = await operator.get(`${adminApiPaths.analytics}?from=${from}&to=${today}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json<AnalyticsReport>();

    const cli = await messagesInProcess(storage, 'analytics', '--from', from, '--to', today, '--json');
    expect(cli.code, cli.err).toBe(0);
    expect(JSON.parse(cli.out)).toEqual(report);

    expect(report.current).toMatchObject({ from, to: today, ...count(9, 13) });
    expect(report.current.sites).toEqual([
      { site: TEST_SITE_KEY, ...count(7, 11) },
      { site: 'partner-site', ...count(2, 2) },
    ]);
    expect(report.current.pages).toEqual([
      { path: '/', ...count(9, 12) },
      { path: '/contact', ...count(1, 1) },
    ]);
    expect(report.previous).toMatchObject({
      from: daysBefore(today, 5),
      to: daysBefore(today, 3),
      ...count(7, 11),
    });
    expect(report.series).toEqual({
      bucket: 'day',
      points: [
        { from, to: from, ...count(0, 0), previous: count(0, 0) },
        { from: daysBefore(today, 1), to: daysBefore(today, 1), ...count(7, 10), previous: count(7, 11) },
        { from: today, to: today, ...count(2, 3), previous: count(0, 0) },
      ],
    });

    // One site: its figures only.
    const partner = await operator.get(
      `${adminApiPaths.analytics}?from=${from}&to=${today}&site=partner-site`,
    );
    expect(partner.json<AnalyticsReport>()).toMatchObject({
      site: 'partner-site',
      current: { ...count(2, 2), sites: [{ site: 'partner-site', ...count(2, 2) }] },
      series: { points: [{ ...count(0, 0) }, { ...count(2, 2) }, { ...count(0, 0) }] },
    });
    // Counts only: reading them writes no audit entry.
    expect(await readRows(storage, "select * from audit_log where action like '%analytics%'")).toEqual([]);
    await inbox.close();
  });

  it('is for operators only, and refuses a period it cannot read with a 400 that says why', async () => {
    const { app, storage } = await buildTestApp();
    const stranger = await adminBrowser(app).get(adminApiPaths.analytics);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json()).toMatchObject({ error: apiErrorCodes.signInRequired });

    const operator = await signedInOperator(app, storage, 'anna@example.com');
    for (const [query, reason] of [
      ['from=2026-02-30', /from: must be a day/],
      ['to=yesterday', /to: must be a day/],
      ['from=2026-03-02&to=2026-03-01', /from: must not be after to/],
      ['from=2999-01-01', /from: must not be after today/],
      ['from=2000-01-01&to=2026-01-01', /to: must be less than 3660 days after from/],
      [`site=${'x'.repeat(101)}`, /site/],
    ] as const) {
      const answer = await operator.get(`${adminApiPaths.analytics}?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({
        error: apiErrorCodes.badRequest,
        message: expect.stringMatching(reason),
      });
    }
    const [defaults] = [(await operator.get(adminApiPaths.analytics)).json<AnalyticsReport>()];
    expect(defaults.current.to).toBe(dayOf(Date.now()));
    expect(defaults.series.points).toHaveLength(30);
  });
});
