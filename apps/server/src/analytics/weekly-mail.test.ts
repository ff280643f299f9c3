import { startTestSmtpSink } from '@site/testing/per-test';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { weekdayNames } from '../business-hours/business-week.js';
import { localDateOf, weekdayOf } from '../business-hours/zoned-time.js';
import type { Db } from '../db/database.js';
import { readEnv } from '../env.js';
import { smtpMailer } from '../queue/mailer.js';
import { operatorMailRepository } from '../operators/operator-mail-repository.js';
import { operatorRepository } from '../operators/operator-repository.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { readRows } from '../test/stored-rows.js';
import { buildTestApp, TEST_SITE_KEY, writeTestSite } from '../test/test-app.js';
import { openStorageDatabase, storeMessage } from '../test/test-database.js';
import { createTestStorage, type TestStorage } from '../test/test-storage.js';
import { daysBefore } from './analytics-day.js';
import { dailyRepository, type DailyRow } from './daily-repository.js';
import { CONTACT_VIEWED, FORM_STARTED } from './day-figures.js';
import { weeklyMails, type WeeklyMailsSettings } from './weekly-mails.js';
import { latestWeek } from './weekly-schedule.js';

const TEAM = 'team@test.example';
const ZONE = 'Europe/Nicosia';
/** Due at once once it is on: today's weekday in the zone, from midnight on. */
const today = () => localDateOf(Date.now(), ZONE);
const dueNow = () => ({
  ANALYTICS_WEEKLY_MAIL_DAY: weekdayNames[weekdayOf(today()) - 1]!,
  ANALYTICS_WEEKLY_MAIL_HOUR: '0',
  NOTIFY_TO: TEAM,
  OUTBOX_POLL_MS: '20',
});
const week = () => latestWeek(new Date(), weekdayOf(today()), 0, ZONE);

const settingsOf: WeeklyMailsSettings = {
  siteName: 'Test Company',
  from: 'support@test.example',
  to: [TEAM],
  siteUrl: 'http://localhost',
  weekday: 1,
  hour: 8,
  timeZone: ZONE,
  pollMs: 20,
};

const row = (day: string, dimension: string, value: string, visitors: number, views: number): DailyRow => ({
  day,
  site_key: TEST_SITE_KEY,
  dimension,
  value,
  visitors,
  views,
});

/** Rolled-up figures of the week reported and the week before, and the leads of each. */
async function seedFigures(db: Db, { from, to }: { from: string; to: string }) {
  const before = daysBefore(from, 7);
  await dailyRepository(db).insert([
    row(from, 'total', '', 30, 70),
    row(to, 'total', '', 10, 30),
    row(from, 'path', '/', 25, 60),
    row(to, 'path', '/contact', 12, 20),
    row(from, 'path', '/el/', 5, 20),
    row(from, 'referrer', 'www.google.com', 20, 40),
    row(to, 'referrer', '', 20, 60),
    row(from, 'utm_campaign', 'black-friday', 8, 12),
    row(from, 'country', 'CY', 25, 50),
    row(before, 'country', 'CY', 20, 50),
    row(to, 'funnel', CONTACT_VIEWED, 12, 20),
    row(to, 'funnel', FORM_STARTED, 6, 0),
    row(before, 'total', '', 20, 50),
    row(before, 'path', '/', 18, 50),
    row(before, 'referrer', 'www.google.com', 10, 25),
    row(before, 'funnel', CONTACT_VIEWED, 4, 4),
    row(before, 'funnel', FORM_STARTED, 2, 0),
  ]);
  const inside = `${to}T12:00:00.000Z`;
  for (const email of ['ann@example.com', 'bob@example.com', 'cy@example.com'])
    await storeMessage(db, { email, message: 'SECRET-TEXT of a lead', received_at: inside });
  await storeMessage(db, { email: 'spam@example.com', spam: 1, received_at: inside });
  await storeMessage(db, { email: 'dora@example.com', received_at: `${before}T12:00:00.000Z` });
}

const weeklyRows = (storage: TestStorage) =>
  readRows(storage, 'select week, status from analytics_weekly_mails');
const weeklyMailsOf = <Mail extends { raw: string }>(mails: Mail[]) =>
  mails.filter((mail) => mail.raw.includes('<analytics-week-'));

describe('the weekly analytics mail', { timeout: 30_000 }, () => {
  it("gives last week's visitors, page views, leads, funnel, pages, referrers and campaigns against the week before; no visitor data, no message text", async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    await seedFigures(await openStorageDatabase(storage), week());
    await buildTestApp(
      { ...dueNow(), ANALYTICS_WEEKLY_MAIL: 'on', SMTP_URL: smtp.url },
      writeTestSite(),
      {},
      storage,
    );
    await expect.poll(() => weeklyMailsOf(smtp.mails).length, { timeout: 10_000 }).toBe(1);
    const [mail] = weeklyMailsOf(smtp.mails);
    const parsed = await simpleParser(mail!.raw);
    expect(mail!.to).toEqual([TEAM]);
    expect(parsed.subject).toBe('[Test Company] Last week: 40 visitors, 3 leads');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    const text = parsed.text!;
    for (const line of [
      '  Visitors: 40 (week before 20, +100 %)',
      '  Page views: 100 (week before 50, +100 %)',
      '  Leads (messages kept as not spam): 3 (week before 1, +200 %)',
      '  Viewed the contact page: 12 (week before 4, +200 %); 30 % of the step before',
      '  Started the form: 6 (week before 2, +200 %); 50 % of the step before',
      '  Sent a message (leads): 3 (week before 1, +200 %); 50 % of the step before',
      '  /: 60 (week before 50, +20 %)',
      '  /contact: 20 (week before 0, new)',
      '  /el/: 20 (week before 0, new)',
      '  www.google.com: 20 (week before 10, +100 %)',
      '  None (typed in, bookmarks, mail): 20 (week before 0, new)',
      '  black-friday: 8 (week before 0, new)',
      '  CY: 25 (week before 20, +25 %)',
      'Open the inbox: http://localhost/admin',
    ])
      expect(text).toContain(line);
    expect(text.indexOf('  /: 60')).toBeLessThan(text.indexOf('  /contact: 20'));
    expect(parsed.html).toContain('href="http://localhost/admin"');
    for (const part of [mail!.raw, text, String(parsed.html)])
      expect(part).not.toMatch(/SECRET-TEXT|ann@example|Jane Doe|127\.0\.0\.1|spam@example/);
    await expect
      .poll(() => weeklyRows(storage), { timeout: 10_000 })
      .toEqual([{ week: week().week, status: 'sent' }]);
  });

  it('is off unless ANALYTICS_WEEKLY_MAIL=on: no mail and no week queued', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    await seedFigures(db, week());
    const { operator } = await operatorRepository(db).ensure('anna@test.example');
    await operatorMailRepository(db).enqueue(operator.id, 'passkey-flagged', {
      passkey: 'Laptop',
      at: new Date().toISOString(),
    });
    await buildTestApp({ ...dueNow(), SMTP_URL: smtp.url }, writeTestSite(), {}, storage);
    // The worker sends the operator's mail in the round where the weekly mail would have come first.
    await expect
      .poll(() => smtp.mails.some((mail) => mail.to.includes('anna@test.example')), { timeout: 10_000 })
      .toBe(true);
    expect(weeklyMailsOf(smtp.mails)).toEqual([]);
    expect(await weeklyRows(storage)).toEqual([]);
  });

  it('refused by the mail server and given up on, goes out again after "outbox retry"', async () => {
    const smtp = await startTestSmtpSink();
    smtp.refused.add(TEAM);
    const storage = await createTestStorage();
    const givesUpAtOnce = { OUTBOX_MAX_ATTEMPTS: '1' };
    const settings = { ...dueNow(), ...givesUpAtOnce, ANALYTICS_WEEKLY_MAIL: 'on', SMTP_URL: smtp.url };
    await buildTestApp(settings, writeTestSite(), {}, storage);
    await expect.poll(() => weeklyRows(storage), { timeout: 10_000 }).toMatchObject([{ status: 'failed' }]);
    expect(weeklyMailsOf(smtp.mails)).toEqual([]);

    smtp.refused.delete(TEAM);
    expect(await messagesInProcess(storage, 'outbox', 'retry')).toMatchObject({
      code: 0,
      out: '1 mail(s) queued again',
    });
    await expect.poll(() => weeklyMailsOf(smtp.mails).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => weeklyRows(storage), { timeout: 10_000 }).toMatchObject([{ status: 'sent' }]);
  });

  it('is sent once by two instances of one database that take it at the same moment', async () => {
    const smtp = await startTestSmtpSink();
    const storage = await createTestStorage();
    const [first, second] = [await openStorageDatabase(storage), await openStorageDatabase(storage)];
    await seedFigures(first, latestWeek(new Date(), 1, 8, ZONE));
    const instances = [weeklyMails(first, settingsOf), weeklyMails(second, settingsOf)];
    const mailer = smtpMailer(smtp.url);
    for (let round = 0; round < 5; round++) {
      const now = new Date();
      const claimed = (await Promise.all(instances.map((instance) => instance.claim(now, 60_000, 5)))).flat();
      for (const delivery of claimed) {
        const mail = await delivery.mail();
        if (mail) await mailer.deliver(mail);
        await delivery.record({ attempts: 1, sentAt: new Date().toISOString() });
      }
    }
    mailer.close();
    expect(weeklyMailsOf(smtp.mails)).toHaveLength(1);
    expect(await weeklyRows(storage)).toEqual([
      { week: latestWeek(new Date(), 1, 8, ZONE).week, status: 'sent' },
    ]);
  });

  it('goes out on its weekday at its hour in BUSINESS_TIME_ZONE when the clocks change, with the seven days before', async () => {
    const storage = await createTestStorage();
    const db = await openStorageDatabase(storage);
    const env = readEnv({ ...storage.settings, ANALYTICS_WEEKLY_MAIL_DAY: 'sun', BUSINESS_TIME_ZONE: ZONE });
    expect([env.ANALYTICS_WEEKLY_MAIL, env.ANALYTICS_WEEKLY_MAIL_HOUR]).toEqual(['off', 8]);
    const weekly = weeklyMails(db, { ...settingsOf, weekday: 7, hour: 8, timeZone: env.BUSINESS_TIME_ZONE });
    const send = async (at: string) => {
      const deliveries = await weekly.claim(new Date(at), 60_000, 5);
      const mails = await Promise.all(deliveries.map((delivery) => delivery.mail()));
      for (const delivery of deliveries) await delivery.record({ attempts: 1, sentAt: at });
      return mails.map((mail) => String(mail?.text).split('\n')[0]);
    };
    // Sunday 21 March 2027, 08:00 in Limassol is 06:00 UTC (EET, UTC+2).
    expect(await send('2027-03-21T05:59:59.000Z')).toEqual([
      "The site's figures for 7 Mar 2027 to 13 Mar 2027 (UTC days), against the week before (28 Feb 2027 to 6 Mar 2027).",
    ]);
    expect(await send('2027-03-21T06:00:00.000Z')).toEqual([
      "The site's figures for 14 Mar 2027 to 20 Mar 2027 (UTC days), against the week before (7 Mar 2027 to 13 Mar 2027).",
    ]);
    // The clocks go forward at 03:00 on Sunday 28 March: 08:00 is then 05:00 UTC (EEST, UTC+3).
    expect(await send('2027-03-28T04:59:59.000Z')).toEqual([]);
    expect(await send('2027-03-28T05:00:00.000Z')).toEqual([
      "The site's figures for 21 Mar 2027 to 27 Mar 2027 (UTC days), against the week before (14 Mar 2027 to 20 Mar 2027).",
    ]);
    expect(await send('2027-03-28T09:00:00.000Z')).toEqual([]);
    expect(await readRows(storage, 'select week, status from analytics_weekly_mails order by week')).toEqual([
      { week: '2027-03-14', status: 'sent' },
      { week: '2027-03-21', status: 'sent' },
      { week: '2027-03-28', status: 'sent' },
    ]);

    for (const [name, value] of [
      ['ANALYTICS_WEEKLY_MAIL', 'weekly'],
      ['ANALYTICS_WEEKLY_MAIL_DAY', 'monday'],
      ['ANALYTICS_WEEKLY_MAIL_HOUR', '24'],
    ])
      expect(() => readEnv({ ...storage.settings, [name!]: value })).toThrow(name);
  });
});
