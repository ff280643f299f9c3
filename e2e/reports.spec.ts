import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { adminPages } from '@site/api-contract';
import { test } from './support/fixtures';
import type { InboxSite } from './support/inbox-site';
import { expectNoAxeViolations } from './support/operator-browser';
import { LEAD_EMAIL } from './support/prepared-lead';
import { saveScreenshot } from './support/screenshots';

const DAY_MS = 86_400_000;

type FirstReply = { business: number; wall: number } | null;

/**
 * Makes a sent message one received two days ago and, when `reply` is given, first answered by the
 * lead after these many seconds, straight in the server's SQLite file (the server's reports.test.ts
 * checks the clock that stores them).
 */
function seeded(site: InboxSite, id: string, language: 'en' | 'el', reply: FirstReply) {
  const db = new SQLite(join(site.env.DATA_DIR, 'site.db'));
  try {
    const received = Date.now() - 2 * DAY_MS;
    const lead = db.prepare('select id from operators where email = ?').get(LEAD_EMAIL) as { id: number };
    db.prepare(
      `update messages set received_at = ?, language = ?, status = ?, first_reply_at = ?, first_reply_by = ?,
         first_response_business_s = ?, first_response_wall_s = ? where id = ?`,
    ).run(
      new Date(received).toISOString(),
      language,
      reply ? 'answered' : 'new',
      reply ? new Date(received + reply.wall * 1000).toISOString() : null,
      reply ? lead.id : null,
      reply?.business ?? null,
      reply?.wall ?? null,
      id,
    );
  } finally {
    db.close();
  }
}

const headline = async (page: Page) => {
  const terms = await page.locator('.report-headline dt').allTextContents();
  const values = await page.locator('.report-headline dd').allTextContents();
  return Object.fromEntries(terms.map((term, n) => [term, values[n]]));
};
const tableOf = (page: Page, caption: string) =>
  page
    .locator('figure', { has: page.locator('figcaption', { hasText: caption }) })
    .locator('tbody tr')
    .allInnerTexts();
const localDay = (back: number) => {
  const day = new Date(Date.now() - back * DAY_MS);
  return [day.getFullYear(), day.getMonth() + 1, day.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
};

// Three widths, light and dark, with axe on each: about two minutes on the shared two-core machine.
describe('the Reports screen', { timeout: 240_000 }, () => {
  test('shows the figures of a seeded set, picks a custom range by keyboard, links the CSV, fits 375, 768 and 1280 px in light and dark, the table of times unscrolled, axe clean (screenshots/reports-*.png)', async ({
    inboxSite: site,
    asLead,
  }) => {
    // Answered in 30 min, 2 h (a day and an hour on the clock) and 5 h of business time; one waiting.
    const set: [string, 'en' | 'el', FirstReply][] = [
      ['Website for a law firm', 'en', { business: 1800, wall: 1800 }],
      ['SMS for a pharmacy chain', 'el', { business: 7200, wall: 90_000 }],
      ['CRM for 40 agents', 'en', { business: 18_000, wall: 18_000 }],
      ['Link tracking for a newsletter', 'en', null],
    ];
    for (const [subject, language, reply] of set)
      seeded(
        site,
        await site.send({
          name: 'Eleni Charalambous',
          email: 'eleni@example.org',
          subject,
          message: subject,
        }),
        language,
        reply,
      );

    const { page } = await asLead(
      { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' },
      adminPages.reports,
    );
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.locator('.report-headline').waitFor();
    // Nearest rank of 3 measured: the median the 2nd (2 h), the 90th percentile the 3rd (5 h).
    expect(await headline(page)).toEqual({
      Conversations: '4',
      Answered: '3',
      'Waiting for a first reply': '1',
      'Closed without a reply': '0',
      'First reply, median (business hours)': '2 h',
      'Answered within 4 h': '67 %',
    });
    expect(await page.locator('.report-times tbody tr').allInnerTexts()).toEqual([
      'Business hours\t2 h\t5 h',
      'Wall clock\t5 h\t1 d 1 h',
    ]);
    expect(await tableOf(page, 'Conversations per language')).toEqual([
      expect.stringMatching(/^English\t3/),
      expect.stringMatching(/^Greek\t1/),
    ]);
    expect(await tableOf(page, 'First replies per operator')).toEqual([
      expect.stringMatching(new RegExp(`${LEAD_EMAIL.replace(/[.]/g, '\\.')}.*\t3`)),
    ]);

    // A custom range by keyboard: the range picker, two dates, Enter.
    await page.getByLabel('Range', { exact: true }).focus();
    await page.getByLabel('Range', { exact: true }).selectOption('custom');
    await page.getByLabel('From', { exact: true }).fill(localDay(3));
    await page.getByLabel('To', { exact: true }).press('Enter');
    await expect
      .poll(() => page.locator('.report-scope').textContent())
      .toContain(`${localDay(3)} to ${localDay(0)}`);
    const csv = await page.getByRole('link', { name: 'Download these figures (CSV)' }).getAttribute('href');
    expect(csv).toBe(`/admin/api/reports/export?from=${localDay(3)}&to=${localDay(0)}`);
    const download = await page.evaluate(async (href) => (await fetch(href)).text(), csv!);
    expect(download).toContain('"total","conversations","conversations","4"');

    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [375, 768, 1280]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 800 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
        // The first-response times fit the screen as a table, with nothing to scroll sideways.
        const times = await page
          .locator('.report-times')
          .evaluate((table) => ({ wide: table.scrollWidth, room: table.parentElement!.clientWidth }));
        expect(times.wide, `the times' table at ${width}px`).toBeLessThanOrEqual(times.room);
        await expectNoAxeViolations(page, `reports at ${width}px, ${colorScheme}`);
        await saveScreenshot(page, `reports-${colorScheme}-${width}`, { fullPage: true });
      }
  });
});
