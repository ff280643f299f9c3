import { adminEndpoints, adminPath, inboxMessagePath, type SenderHistory } from '@site/api-contract';
import { describe, expect } from 'vitest';
import { test } from './support/fixtures';
import { twoFrames } from './support/browser';
import { expectNoAxeViolations } from './support/operator-browser';
import { LEAD_EMAIL } from './support/prepared-lead';
import { saveScreenshot } from './support/screenshots';

// Three widths, light and dark, with axe on each: on the shared two-core machine about two minutes.
describe('the sender’s history beside a message', { timeout: 240_000 }, () => {
  test('lists the earlier conversations of the sender and the company, fits 375, 768 and 1280 px in light and dark, axe clean (screenshots/inbox-sender-history-*.png)', async ({
    inboxSite: site,
    lead,
    preparedLead,
    asLead,
  }) => {
    const andreas = { name: 'Andreas Ioannou', email: 'andreas@acme-shipping.example' };
    const first = await site.send({
      ...andreas,
      subject: 'SMS platform pricing',
      message: 'How much are 20,000 SMS a month?',
    });
    await site.send({
      name: 'Christina Petrou',
      email: 'christina@acme-shipping.example',
      subject: 'A CRM for our ten sales people',
      message: 'Could we see a demonstration of the CRM?',
    });
    await site.send({ ...andreas, subject: 'Website builder demo', message: 'Is there a trial?' });
    await lead.reply(first, 'Dear Andreas, 20,000 SMS a month cost 400 euros.');
    const current = await site.send({
      ...andreas,
      subject: 'Contract renewal',
      message: 'Our contract ends in May.',
    });
    // The reply is sent before the history is read, so it says who answered.
    const cookie = `${preparedLead.session.name}=${preparedLead.session.value}`;
    await expect
      .poll(async () => {
        const response = await fetch(site.origin + adminPath(adminEndpoints.senderHistory, { id: current }), {
          headers: { cookie },
        });
        return ((await response.json()) as SenderHistory).address.at(-1)?.answeredBy.length;
      })
      .toBe(1);

    // One load, resized through the widths and switched to dark as a rotated phone, a resized window and
    // the operator's system setting do (decisions 060 and 080): the inbox's layout and theme are CSS.
    const { page } = await asLead(
      { viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' },
      inboxMessagePath(current),
    );
    await page.locator('h2#message-subject', { hasText: 'Contract renewal' }).waitFor();
    await page.getByText('Sender’s history (audited)').click();
    const panel = page.locator('.sender-history');
    await panel.locator('.history-list li').first().waitFor();
    expect(await panel.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Earlier from andreas@acme-shipping.example',
      'Others at acme-shipping.example',
    ]);
    expect(await panel.locator('.history-list li a').allTextContents()).toEqual([
      'Website builder demo',
      'SMS platform pricing',
      'A CRM for our ten sales people',
    ]);
    expect(await panel.textContent()).toContain(
      `Answered by ${LEAD_EMAIL.slice(0, LEAD_EMAIL.indexOf('@'))}`,
    );
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const width of [375, 768, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await twoFrames(page);
        const label = `the sender’s history at ${width}px, ${colorScheme}`;
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          label,
        ).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, label);
        await saveScreenshot(page, `inbox-sender-history-${colorScheme}-${width}`, { fullPage: true });
      }
    }
  });
});
