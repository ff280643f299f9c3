import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { createTestDir, startTestSiteServer, startTestSmtpSink } from '@site/testing/per-test';
import { test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';

const TIME_ZONE = 'Europe/Nicosia';
const DAY_MS = 86_400_000;
const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Two weeks of daily figures, the second busier, as the roll-up stores them. */
function seedFigures(dataDir: string, today: string) {
  const db = new SQLite(join(dataDir, 'site.db'));
  const insert = db.prepare(
    'insert into analytics_daily (day, site_key, dimension, value, visitors, views) values (?, ?, ?, ?, ?, ?)',
  );
  for (let back = 1; back <= 14; back++) {
    const day = new Date(Date.parse(today) - back * DAY_MS).toISOString().slice(0, 10);
    const busy = back <= 7 ? 3 : 2;
    for (const [dimension, value, visitors, views] of [
      ['total', '', 40, 110],
      ['path', '/', 30, 45],
      ['path', '/contact', 10, 14],
      ['path', '/services/link-tracking-for-partner-campaigns', 6, 9],
      ['path', '/el/', 8, 12],
      ['referrer', 'www.google.com', 18, 50],
      ['referrer', '', 12, 30],
      ['referrer', 'www.linkedin.com', 6, 20],
      ['utm_campaign', 'black-friday-2026', 7, 15],
      ['funnel', 'contact-viewed', 10, 14],
      ['funnel', 'form-started', 4, 0],
      ['country', 'CY', 20, 60],
      ['country', 'GR', 14, 40],
    ] as const)
      insert.run(day, 'weekly-mail-site', dimension, value, visitors * busy, views * busy);
  }
  db.close();
}

describe('the weekly analytics mail', () => {
  test('reads well at 375, 768 and 1280 px: figures against the week before, a link to the inbox (screenshots/weekly-mail-*.png)', async ({
    openPage,
  }) => {
    const dataDir = createTestDir('weekly-mail-');
    const smtp = await startTestSmtpSink();
    const first = await startTestSiteServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url });
    await first.stop();
    const now = Date.now();
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(now);
    seedFigures(dataDir, local);

    await startTestSiteServer({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      BUSINESS_TIME_ZONE: TIME_ZONE,
      ANALYTICS_WEEKLY_MAIL: 'on',
      ANALYTICS_WEEKLY_MAIL_DAY: weekdays[new Date(`${local}T00:00:00Z`).getUTCDay()]!,
      ANALYTICS_WEEKLY_MAIL_HOUR: '0',
    });
    const isWeekly = (mail: { raw: string }) => mail.raw.includes('Message-ID: <analytics-week-');
    await expect.poll(() => smtp.mails.filter(isWeekly).length, { timeout: 15_000 }).toBe(1);
    const mail = await simpleParser(smtp.mails.find(isWeekly)!.raw);
    expect(mail.subject).toMatch(/\] Last week: 840 visitors, 0 leads$/);
    expect(mail.text).toContain('  Visitors: 840 (week before 560, +50 %)');
    expect(mail.text).toContain('  CY: 420 (week before 280, +50 %)');

    const { page } = await openPage();
    await page.setContent(String(mail.html));
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.getByRole('heading', { name: 'Last week on the site' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Open the inbox' }).count()).toBe(1);
      expect(await page.getByRole('table').count()).toBe(6);
      // Nothing wider than a phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `weekly-mail-${width}`, { fullPage: true });
    }
  });
});
