import { describe, expect } from 'vitest';
import { adminPages } from '@site/api-contract';
import { test } from './support/fixtures';
import { expectNoAxeViolations, rowOf } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

const SUBJECT = 'A mail that could not be read';

/** 1,000 empty MIME parts: more than the mail parser reads. */
const unreadable = [
  'From: Mallory Mallet <mallory@example.net>',
  'To: support@test.example',
  'Subject: Invoice',
  'Message-ID: <parts@example.net>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b"',
  '',
  '--b\r\n'.repeat(1000) + '--b--',
  '',
].join('\r\n');

describe('a mail the import could not read', () => {
  test('arrives as a message that says so, with the mail to download; later mail still arrives (screenshots/mail-set-aside-*.png)', async ({
    inboxSite: site,
    signedIn,
  }) => {
    await site.dovecot.deliver([
      unreadable,
      [
        'From: Nikos Ioannou <nikos@example.org>',
        'To: support@test.example',
        'Subject: CRM for a team of five',
        'Message-ID: <nikos@example.org>',
        '',
        'Could we see a demo of the CRM next week?',
        '',
      ].join('\r\n'),
    ]);
    // One operator's page at each width, each time loaded afresh on the list.
    const { page } = await signedIn('set-aside@example.com', { reducedMotion: 'reduce' });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(
          async () => {
            await page.goto(site.origin + adminPages.inbox);
            return rowOf(page, 'CRM for a team of five').count();
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      await rowOf(page, SUBJECT).click();
      const view = page.locator('article.message-view');
      await view.getByRole('heading', { name: SUBJECT }).waitFor();
      expect(await view.textContent()).toContain('A mail from mallory@example.net could not be read');
      const file = view.getByRole('link', { name: /mail-as-received\.eml/ });
      await file.waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, `set-aside mail at ${width}px`);
      await saveScreenshot(page, `mail-set-aside-${width}`, { fullPage: true });
    }
  });
});
