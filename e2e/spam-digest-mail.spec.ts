import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { builtSiteKey, fetchXsrf, postContact } from '@site/testing/contact-client';
import { createTestDir, startTestSiteServer, startTestSmtpSink } from '@site/testing/per-test';
import { test } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';

const HOUR_MS = 3_600_000;
const TIME_ZONE = 'Europe/Nicosia';

/** Messages the built filter puts in Spam, as visitors' scripts send them (each at once: too fast). */
const spam = [
  {
    name: 'Dimitris Georgiou',
    email: 'dimitris@mailinator.com',
    subject: 'Quote for 20,000 SMS a month',
    message: 'We would like a quote for our campaigns. SECRET-TEXT-QUOTE',
  },
  {
    name: 'SEO Expert',
    email: 'seo@example.net',
    subject: 'Rank #1 on Google in 7 days!!!',
    message:
      '[url=http://bit.ly/rank]Best SEO[/url] [b]cheap[/b] http://bit.ly/a http://bit.ly/b SECRET-TEXT-SEO',
  },
  {
    name: 'A Restricted Person',
    email: 'restricted@example.org',
    subject: 'A subject nobody may see',
    message: 'SECRET-TEXT-RESTRICTED',
    website: 'x',
  },
];

describe('the daily spam digest mail', () => {
  test('lists the day’s spam readably at 375, 768 and 1280 px, without any text (screenshots/spam-digest-*.png)', async ({
    openPage,
  }) => {
    const dataDir = createTestDir('spam-digest-');
    const smtp = await startTestSmtpSink();
    const first = await startTestSiteServer({ DATA_DIR: dataDir, SPAM_DIGEST: 'off', SMTP_URL: smtp.url });
    for (const message of spam) {
      const response = await postContact(
        first.url,
        undefined,
        await fetchXsrf(first.url),
        message,
        builtSiteKey(),
      );
      expect(response.status).toBe(201);
    }
    await first.stop();

    // They arrived in the half hour before this hour in Limassol; one sender's processing is restricted.
    const hourStart = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
    const db = new SQLite(join(dataDir, 'site.db'));
    const stored = db.prepare('select id, email, spam from messages order by seq').all() as {
      id: string;
      email: string;
      spam: number;
    }[];
    expect(stored.map((row) => row.spam)).toEqual([1, 1, 1]);
    stored.forEach((row, index) =>
      db
        .prepare('update messages set received_at = ?, restricted = ? where id = ?')
        .run(
          new Date(hourStart - (30 - index * 7) * 60_000).toISOString(),
          row.email === 'restricted@example.org' ? 1 : 0,
          row.id,
        ),
    );
    db.close();

    const hour = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: 'numeric', hourCycle: 'h23' });
    await startTestSiteServer({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SPAM_DIGEST_HOUR: String(Number(hour.format(hourStart))),
      BUSINESS_TIME_ZONE: TIME_ZONE,
    });
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.raw.includes('Message-ID: <spam-digest-')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const mail = await simpleParser(smtp.mails.find((each) => each.raw.includes('spam-digest-'))!.raw);
    expect(mail.subject).toMatch(/\] 3 messages went to Spam in the last 24 hours$/);
    expect(mail.text).toContain('Quote for 20,000 SMS a month');
    expect(mail.text).toContain('Top reason: Hidden field filled in');
    expect(mail.text).toContain('Subject hidden: processing restricted');
    for (const part of [mail.text, String(mail.html)])
      expect(part).not.toMatch(/SECRET-TEXT|A subject nobody may see/);

    // One page for the three widths: the mail is static HTML, laid out again as its window changes.
    const { page } = await openPage();
    await page.setContent(String(mail.html));
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.getByRole('heading', { name: '3 messages went to Spam' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Open in the inbox' }).count()).toBe(3);
      // Nothing wider than a phone: no sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `spam-digest-${width}`, { fullPage: true });
    }
  });
});
