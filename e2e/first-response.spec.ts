import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { adminPages } from '@site/api-contract';
import { test as base } from './support/fixtures';
import type { InboxSite } from './support/inbox-site';
import { expectNoAxeViolations, rowOf, rows } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

/**
 * Business hours round the clock, every day, no holidays: business time is then wall-clock time, and a
 * message's clock follows from how long ago it came, whenever the spec runs (the arithmetic of real
 * hours is the server's business-hours.test.ts).
 */
const test = base.extend<{ $file: { inboxSettings: Record<string, string> } }>({
  inboxSettings: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) =>
      use({
        BUSINESS_DAYS: 'mon-sun',
        BUSINESS_HOURS: '00:00-24:00',
        BUSINESS_HOLIDAYS: 'none',
        FIRST_RESPONSE_TARGET: '4h',
      }),
    { scope: 'file' },
  ],
});

const MINUTE = 60_000;

/** Sets when a message came, as if it had waited since, straight in the server's SQLite file. */
function cameAgo(site: InboxSite, id: string, ms: number) {
  const db = new SQLite(join(site.env.DATA_DIR, 'site.db'));
  try {
    db.prepare('update messages set received_at = ? where id = ?').run(
      new Date(Date.now() - ms).toISOString(),
      id,
    );
  } finally {
    db.close();
  }
}

const clockOf = (page: Page, subject: string) => rowOf(page, subject).locator('.clock').textContent();
const dueFirst = (page: Page) =>
  page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Due first' }).click();

// Six screens at three widths, light and dark, with axe on each, on a machine other runs share.
describe('the first-response clock in the inbox', { timeout: 120_000 }, () => {
  test('says due, due soon and overdue in words in the list and the message, lists the soonest due first, and stops at the reply (screenshots/first-response-*.png)', async ({
    inboxSite: site,
    asLead,
  }) => {
    // Stored in the order they came, as messages are.
    const waiting = [
      ['Nikos Pavlou', 'nikos@example.org', 'CRM for 40 agents', 6 * 60 * MINUTE],
      ['Maria Georgiou', 'maria@example.org', 'SMS for a pharmacy chain', 195 * MINUTE],
      ['Andreas Hadjioannou', 'andreas@example.org', 'Website for a law firm', 30 * MINUTE],
    ] as const;
    for (const [name, email, subject, ago] of waiting)
      cameAgo(site, await site.send({ name, email, subject, message: `Hello, about: ${subject}.` }), ago);

    const { page } = await asLead({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
    await rowOf(page, 'CRM for 40 agents').waitFor();
    expect(await clockOf(page, 'Website for a law firm')).toMatch(/^Due in 3 h \d+ min$/);
    expect(await clockOf(page, 'SMS for a pharmacy chain')).toMatch(/^Due soon: \d+ min left$/);
    expect(await clockOf(page, 'CRM for 40 agents')).toMatch(/^Overdue by 2 h( \d+ min)?$/);

    await dueFirst(page);
    await page.getByText('Conversations waiting for their first reply, the soonest due first.').waitFor();
    // The oldest first, each due sooner than the one after it; nothing else waits.
    const senders = async () => (await rows(page).locator('.sender').allTextContents()).join(', ');
    await expect.poll(senders).toBe('Nikos Pavlou, Maria Georgiou, Andreas Hadjioannou');

    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [375, 768, 1280]) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: 800 });
        const shoot = async (screen: string) => {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, `${screen} at ${width}px`).toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page, `${screen} at ${width}px, ${colorScheme}`);
          await saveScreenshot(page, `first-response-${colorScheme}-${screen}-${width}`, { fullPage: true });
        };
        await shoot('due-first');
        await rowOf(page, 'CRM for 40 agents').click();
        const clock = page.locator('.fields dd.clock');
        await clock.waitFor();
        expect(await clock.textContent()).toMatch(
          /^Overdue by 2 h( \d+ min)? of business hours; an answer is due by /,
        );
        await shoot('message');
        // Back to the list alone, as Esc does, for the next width.
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('.inbox').getAttribute('data-reading')).toBe('no');
      }

    // The reply stops the clock: the message says how long it took, and it leaves the due-first view.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await rowOf(page, 'CRM for 40 agents').click();
    await page.getByRole('textbox', { name: 'Reply' }).fill('Dear Nikos, a quote for 40 agents follows.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply queued: it is sent in a moment, and marked sent here.').waitFor();
    await expect
      .poll(() => page.locator('.fields dd.clock').textContent(), { timeout: 10_000 })
      .toMatch(
        /^Answered in 6 h( \d+ min)? of business hours \(6 h( \d+ min)? on the clock\), later than the target$/,
      );
    await saveScreenshot(page, 'first-response-answered-1280', { fullPage: true });
    await expect.poll(async () => rowOf(page, 'CRM for 40 agents').count()).toBe(0);
    await page.goto(`${site.origin}${adminPages.inbox}`);
    await rowOf(page, 'CRM for 40 agents').waitFor();
    expect(await rowOf(page, 'CRM for 40 agents').locator('.clock').count()).toBe(0);
  });
});
