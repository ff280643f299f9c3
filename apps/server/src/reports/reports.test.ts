import { adminEndpoints, type Report } from '@site/api-contract';
import { describe, expect, it } from 'vitest';
import { adminBrowser, type AdminBrowser, signedInOperator } from '../test/admin-client.js';
import { messagePath } from '../test/mail-conversation.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { sendMessage, validMessage } from '../test/send-message.js';
import { readRows, writeRows } from '../test/stored-rows.js';
import { at } from '../test/clock-at.js';
import { buildTestApp } from '../test/test-app.js';

type Seeded = { receivedAt: string; site: string; language: 'en' | 'el'; status?: string; spam?: 1 };

/**
 * The week of Monday 23 to Sunday 29 November 2026 in Nicosia (UTC+2; business hours Monday to Friday
 * 09:00-18:00, 07:00-16:00 UTC; target 4 h), with the times in UTC.
 */
const conversations = {
  // Monday 00:00 local, the range's first second (Sunday 22:00 UTC); answered at 09:30: 30 min of business time.
  j: { receivedAt: '2026-11-22T22:00:00.000Z', site: 'alpha', language: 'en' },
  // Monday 10:00; answered at 12:00.
  a: { receivedAt: '2026-11-23T08:00:00.000Z', site: 'alpha', language: 'en' },
  // Opened outside hours, Tuesday 00:30 local (Monday 22:30 UTC), so on Tuesday; Bob answers at 10:00, then Anna.
  b: { receivedAt: '2026-11-23T22:30:00.000Z', site: 'alpha', language: 'el' },
  // Tuesday 12:00, site beta; answered at 17:00: 5 h, over the target.
  c: { receivedAt: '2026-11-24T10:00:00.000Z', site: 'beta', language: 'en' },
  // Wednesday 14:00; answered Thursday 09:30: 4 h on Wednesday and 30 min on Thursday.
  d: { receivedAt: '2026-11-25T12:00:00.000Z', site: 'alpha', language: 'en' },
  // Thursday, site beta: waiting.
  e: { receivedAt: '2026-11-26T09:00:00.000Z', site: 'beta', language: 'el' },
  // Friday: archived without a reply.
  f: { receivedAt: '2026-11-27T10:00:00.000Z', site: 'alpha', language: 'en', status: 'archived' },
  // Saturday: spam, never counted.
  g: { receivedAt: '2026-11-28T10:00:00.000Z', site: 'alpha', language: 'en', spam: 1 },
  // Sunday 23:59 local, the range's last minute: waiting (read).
  h: { receivedAt: '2026-11-29T21:59:00.000Z', site: 'alpha', language: 'el', status: 'read' },
  // Monday 30 00:00 local and Sunday 22 23:59 local: outside the range.
  after: { receivedAt: '2026-11-29T22:00:00.000Z', site: 'alpha', language: 'en' },
  before: { receivedAt: '2026-11-22T21:59:00.000Z', site: 'alpha', language: 'en' },
} satisfies Record<string, Seeded>;

type Name = keyof typeof conversations;

async function seededWeek() {
  const { app, storage } = await buildTestApp({
    ADMIN_SESSION_IDLE_MINUTES: '100000',
    ADMIN_SESSION_MAX_HOURS: '10000',
    CONTACT_RATE_PER_MINUTE: '100',
  });
  const anna = await signedInOperator(app, storage, 'anna@example.com');
  const bob = await signedInOperator(app, storage, 'bob@example.com');
  await anna.post(adminEndpoints.setOperatorName.path, { name: 'Anna' });
  const ids = {} as Record<Name, string>;
  for (const [name, seeded] of Object.entries(conversations) as [Name, Seeded][]) {
    const id = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
    await writeRows(
      storage,
      'update messages set received_at = ?, site_key = ?, language = ?, status = ?, spam = ? where id = ?',
      seeded.receivedAt,
      seeded.site,
      seeded.language,
      seeded.status ?? 'new',
      seeded.spam ?? 0,
      id,
    );
    ids[name] = id;
  }
  const reply = async (operator: AdminBrowser, name: Name, iso: string) => {
    const response = await at(iso, () =>
      operator.post(`${messagePath(ids[name])}/replies`, { text: 'Thank you.', basedOn: 1_000_000 }),
    );
    expect(response.statusCode, response.body).toBe(201);
  };
  await reply(anna, 'j', '2026-11-23T07:30:00Z');
  await reply(anna, 'a', '2026-11-23T10:00:00Z');
  await reply(bob, 'b', '2026-11-24T08:00:00Z');
  await reply(anna, 'b', '2026-11-24T09:00:00Z');
  await reply(anna, 'c', '2026-11-24T15:00:00Z');
  await reply(anna, 'd', '2026-11-26T07:30:00Z');
  return { app, storage, anna, bob, ids };
}

const HOUR = 3600;
const week = '?from=2026-11-23&to=2026-11-29';
const day = (date: string, count: number, answered: number) => ({
  day: date,
  conversations: count,
  answered,
});

describe('the reports', () => {
  it("give a range's figures as computed by hand: days in the business time zone, nearest-rank percentiles", async () => {
    const { app, storage, anna } = await seededWeek();
    // What each first reply stored: business seconds (j 30 min, a 2 h, b 1 h, c 5 h, d 4.5 h) and wall seconds.
    expect(
      await readRows(
        storage,
        'select first_response_business_s as b, first_response_wall_s as w from messages where first_reply_at is not null order by received_at',
      ),
    ).toEqual([
      { b: 0.5 * HOUR, w: 9.5 * HOUR },
      { b: 2 * HOUR, w: 2 * HOUR },
      { b: 1 * HOUR, w: 9.5 * HOUR },
      { b: 5 * HOUR, w: 5 * HOUR },
      { b: 4.5 * HOUR, w: 19.5 * HOUR },
    ]);

    const response = await anna.get(`${adminEndpoints.reports.path}${week}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<Report>();
    expect(report).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
      site: null,
      timeZone: 'Europe/Nicosia',
      targetSeconds: 4 * HOUR,
      conversations: 8,
      answered: 5,
      waiting: 2,
      closedWithoutReply: 1,
      firstResponse: {
        measured: 5,
        // Sorted 0.5, 1, 2, 4.5, 5 h: the median is the 3rd (ceil 2.5), the 90th percentile the 5th (ceil 4.5).
        business: { median: 2 * HOUR, p90: 5 * HOUR },
        // Sorted 2, 5, 9.5, 9.5, 19.5 h.
        wall: { median: 9.5 * HOUR, p90: 19.5 * HOUR },
        withinTarget: 3,
        withinTargetShare: 0.6,
      },
      days: [
        day('2026-11-23', 2, 2),
        day('2026-11-24', 2, 2),
        day('2026-11-25', 1, 1),
        day('2026-11-26', 1, 0),
        day('2026-11-27', 1, 0),
        day('2026-11-28', 0, 0),
        day('2026-11-29', 1, 0),
      ],
      sites: [
        { site: 'alpha', conversations: 6 },
        { site: 'beta', conversations: 2 },
      ],
      languages: [
        { language: 'en', conversations: 5 },
        { language: 'el', conversations: 3 },
      ],
      // b counts for Bob, who replied first, not for Anna, who replied after him.
      operators: [
        { operator: { email: 'anna@example.com', name: 'Anna' }, conversations: 4 },
        { operator: { email: 'bob@example.com', name: null }, conversations: 1 },
      ],
    });

    // One site, an even count: 0.5, 1, 2, 4.5 h, the median the 2nd, the 90th percentile the 4th.
    const alpha = (await anna.get(`${adminEndpoints.reports.path}${week}&site=alpha`)).json<Report>();
    expect(alpha).toMatchObject({
      site: 'alpha',
      conversations: 6,
      firstResponse: {
        measured: 4,
        business: { median: 1 * HOUR, p90: 4.5 * HOUR },
        wall: { median: 9.5 * HOUR, p90: 19.5 * HOUR },
        withinTarget: 3,
        withinTargetShare: 0.75,
      },
      sites: [{ site: 'alpha', conversations: 6 }],
    });

    // The command line prints the same figures, and both readings are audited.
    const cli = await messagesInProcess(
      storage,
      'report',
      '--from',
      '2026-11-23',
      '--to',
      '2026-11-29',
      '--json',
    );
    expect(cli.code, cli.err).toBe(0);
    expect(JSON.parse(cli.out)).toEqual(report);
    const text = await messagesInProcess(storage, 'report', '--from', '2026-11-23', '--to', '2026-11-29');
    expect(text.out).toContain('First response, business hours: median 2 h 0 min, 90th percentile 5 h 0 min');
    expect(text.out).toContain('Within target (4 h 0 min): 3 of 5 (60 %)');
    expect(
      await readRows(storage, "select via, target from audit_log where action = 'report-read' order by seq"),
    ).toEqual([
      { via: 'inbox', target: '2026-11-23 to 2026-11-29' },
      { via: 'inbox', target: '2026-11-23 to 2026-11-29 site:alpha' },
      { via: 'cli', target: '2026-11-23 to 2026-11-29' },
      { via: 'cli', target: '2026-11-23 to 2026-11-29' },
    ]);
    await app.close();
  });

  it('export the same figures as one CSV table, a formula in a site key made harmless', async () => {
    const { anna, storage } = await seededWeek();
    await writeRows(storage, "update messages set site_key = '=HYPERLINK(1)' where site_key = 'beta'");
    const response = await anna.get(`${adminEndpoints.exportReport.path}${week}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="report-2026-11-23-2026-11-29.csv"',
    );
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"section","key","measure","value"');
    expect(lines).toEqual(
      expect.arrayContaining([
        '"total","conversations","conversations","8"',
        '"first response","business median","seconds","7200"',
        '"first response","wall 90th percentile","seconds","70200"',
        '"first response","within target","share","0.6"',
        '"day","2026-11-24","conversations","2"',
        '"day","2026-11-28","answered","0"',
        '"site","\'=HYPERLINK(1)","conversations","2"',
        '"language","el","conversations","3"',
        '"operator","Anna <anna@example.com>","first replies","4"',
        '"operator","bob@example.com","first replies","1"',
      ]),
    );
  });

  it('count each conversation on the day the clocks showed, also when they go back (Sunday 25 October 2026)', async () => {
    const { app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '100' });
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    // 00:30 on Sunday in summer time (UTC+3), 23:30 on Sunday in winter time (UTC+2), 00:30 on Monday.
    for (const receivedAt of [
      '2026-10-24T21:30:00.000Z',
      '2026-10-25T21:30:00.000Z',
      '2026-10-25T22:30:00.000Z',
    ]) {
      const id = (await sendMessage(app, validMessage)).json<{ id: string }>().id;
      await writeRows(storage, 'update messages set received_at = ? where id = ?', receivedAt, id);
    }
    const report = (
      await anna.get(`${adminEndpoints.reports.path}?from=2026-10-24&to=2026-10-26`)
    ).json<Report>();
    expect(report.days).toEqual([day('2026-10-24', 0, 0), day('2026-10-25', 2, 0), day('2026-10-26', 1, 0)]);
  });

  it('refuse bad ranges with a reason, and anyone not signed in', async () => {
    const { app, storage } = await buildTestApp();
    const anna = await signedInOperator(app, storage, 'anna@example.com');
    for (const [query, reason] of [
      ['?from=2026-02-30', 'from: is not a day of the calendar'],
      ['?to=yesterday', 'to: must be a day such as 2026-01-31'],
      ['?from=2026-11-29&to=2026-11-23', 'from: must not be after to'],
      ['?from=2016-01-01&to=2026-11-23', 'to: must be less than 3660 days after from'],
    ]) {
      const response = await anna.get(`${adminEndpoints.reports.path}${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: 'bad_request', message: reason });
    }
    for (const path of [adminEndpoints.reports.path, adminEndpoints.exportReport.path])
      expect((await adminBrowser(app).get(path)).statusCode).toBe(401);

    // The command line gives the route's reasons in the form the analytics command gives them.
    for (const [args, message] of [
      [['--from', '2026-11-29', '--to', '2026-11-23'], '--from must not be after to'],
      [
        ['--from', '2026-02-30', '--to', 'yesterday'],
        '--from is not a day of the calendar; --to must be a day such as 2026-01-31',
      ],
    ] as const) {
      const cli = await messagesInProcess(storage, 'report', ...args);
      expect(cli.code, args.join(' ')).toBe(2);
      expect(cli.err.split('\n')[0], args.join(' ')).toBe(`Error: ${message}`);
    }

    // No range: the 30 days up to today in the business time zone, empty.
    const empty = (await anna.get(adminEndpoints.reports.path)).json<Report>();
    expect(empty.days).toHaveLength(30);
    expect(empty).toMatchObject({
      conversations: 0,
      firstResponse: { measured: 0, business: { median: null, p90: null }, withinTargetShare: null },
    });
  });
});
