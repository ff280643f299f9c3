import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { adminPages } from '@site/api-contract';
import { test as base } from './support/fixtures';
import { expectNoAxeViolations, openMessage, rowOf } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

/**
 * Bands set here, not left to the defaults bench:spam tunes: any point against a message makes it
 * possibly spam, and only the honeypot silences.
 */
const test = base.extend<{ $file: { inboxSettings: Record<string, string> } }>({
  inboxSettings: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => use({ SPAM_THRESHOLD: '100', SPAM_POSSIBLY_THRESHOLD: '0.1' }),
    { scope: 'file' },
  ],
});

const SUBJECT = 'Quote for 20,000 SMS a month';

// Three widths, each opened afresh, on a machine other runs share.
describe('a message the spam filter was unsure of', { timeout: 120_000 }, () => {
  test('is in New, notified with [Possibly spam], labelled in the list and the message with its reasons, at 1280, 768 and 375 px', async ({
    inboxSite: site,
    asLead,
  }) => {
    await site.send({
      name: 'Petros Ioannou',
      email: 'petros@mailinator.com',
      subject: SUBJECT,
      message: 'Hello, [b]please[/b] send a quote for 20,000 SMS a month, details at https://bit.ly/3xYz',
    });
    await expect
      .poll(() => site.sink.mails.filter((mail) => mail.to.includes('leads@example.com')).length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(1);
    const notified = await simpleParser(
      site.sink.mails.find((mail) => mail.to.includes('leads@example.com'))!.raw,
    );
    expect(notified.subject).toMatch(/^\[Possibly spam\] \[.+\] Quote for 20,000 SMS a month$/);

    const { page } = await asLead();
    const row = rowOf(page, SUBJECT);
    // In New, not in Spam: it is read from the first opening on.
    expect(await row.textContent()).toContain('New');
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${site.origin}${adminPages.inbox}`);
      await row.waitFor();
      expect(await row.locator('.badge.possibly-spam').textContent()).toBe('Possibly spam');
      await saveScreenshot(row, `possibly-spam-row-${width}`);
      await expectNoAxeViolations(page, `the list with a possibly spam message at ${width} px`);

      const opened = await openMessage(page, SUBJECT);
      const notice = opened.locator('.possibly-spam-notice');
      expect(await notice.textContent()).toContain('Possibly spam');
      const check = opened.getByRole('region', { name: 'Why this may be spam' });
      expect(await check.textContent()).toContain('Throwaway address');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `no sideways scrolling at ${width} px`,
      ).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `a possibly spam message at ${width} px`);
      await saveScreenshot(page, `possibly-spam-message-${width}`, { fullPage: true });
    }

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    const opened = await openMessage(page, SUBJECT);
    await opened.getByRole('button', { name: 'Not spam' }).click();
    await opened.getByText('Marked as not spam; the filter learns from it.').waitFor();
    expect(await opened.locator('.possibly-spam-notice').count()).toBe(0);
    expect(await row.locator('.badge.possibly-spam').count()).toBe(0);
  });
});
