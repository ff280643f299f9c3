import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './support/fixtures';
import { expectNoAxeViolations, rowOf } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

/** Waits for the open spam message's reasons. */
const spamReasonsShown = (page: Page) =>
  page.getByRole('region', { name: 'Why this was judged spam' }).getByRole('listitem').first().waitFor();

// Three widths with axe on every screen, then two in dark: on the shared two-core machine more than the
// suite's 60 s.
describe('the inbox’s screens', { timeout: 120_000 }, () => {
  test('every screen fits 375, 768 and 1280 px and axe finds nothing (screenshots/inbox-*.png)', async ({
    inboxSite: site,
    lead,
    signedIn,
  }) => {
    await site.send({
      name: 'Sofia Kyriacou',
      email: 'sofia@example.org',
      subject: 'Research partnership',
      message: 'We would like to discuss a study of SMS open rates in Cyprus.\n\nBest regards,\nSofia',
    });
    await site.send({
      name: 'Marios Constantinou',
      email: 'marios@example.org',
      subject: 'Contract dispute',
      message: 'Please keep my details only as long as the dispute lasts.',
    });
    await site.send({
      name: 'Crypto Growth Team',
      email: 'growth@example.net',
      subject: 'Double your followers in 24 hours!!!!',
      message: 'Get 10k followers now: https://bit.ly/grow-now https://tinyurl.com/fans24 https://bit.ly/x2',
      website: 'https://followers.example',
    });
    await site.send({
      name: 'Ελένη Γεωργίου',
      email: 'eleni@example.org',
      subject: 'Προσφορά για το CRM',
      message: 'Καλησπέρα σας, θα θέλαμε μια προσφορά για το CRM για μια ομάδα πέντε ατόμων.',
      language: 'el',
    });
    await lead.restrict('marios@example.org');

    /** One operator's screens at `width`, signed in afresh and signed out at the end. */
    const screensAt = async (width: number) => {
      const { page } = await signedIn(`screens-${width}@example.com`, {
        viewport: { width, height: 800 },
        reducedMotion: 'reduce',
      });
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const shoot = async (screen: string) => {
        expect(await overflow(), `${screen} at ${width}px`).toBeLessThanOrEqual(0);
        await expectNoAxeViolations(page, `${screen} at ${width}px`);
        await saveScreenshot(page, `inbox-${screen}-${width}`, { fullPage: true });
      };
      // A message from the Greek pages says so in the list.
      expect(await rowOf(page, 'Προσφορά για το CRM').first().innerText()).toContain('Greek');
      await shoot('list');
      await rowOf(page, 'Research partnership').first().click();
      await page.locator('h2#message-subject').waitFor();
      await page.locator('.mails li').first().waitFor();
      if (width === 375)
        expect(
          await page.evaluate(() => document.activeElement?.id),
          'the focus follows to the message',
        ).toBe('message-subject');
      await shoot('message');

      // The conversation under the message: a reply and a note (written at the first width), a draft.
      if (width === 375) {
        await page
          .getByRole('textbox', { name: 'Reply' })
          .fill('Thank you, Sofia: our research team will call you this week.');
        await page.getByRole('button', { name: 'Send reply' }).click();
        await page.getByText('Reply queued: it is sent in a moment, and marked sent here.').waitFor();
        await page.getByLabel('Internal note').fill('Ask the research team who can join the call.');
        await page.getByRole('button', { name: 'Add note' }).click();
        await page.getByText('Note added.').waitFor();
        // Sofia answers by mail, with the study's outline attached.
        const toSofia = () => site.sink.mails.filter((mail) => mail.to.includes('sofia@example.org'));
        await expect.poll(() => toSofia().length).toBe(1);
        const reply = await simpleParser(toSofia()[0]!.raw);
        await site.dovecot.deliver(
          [
            'From: Sofia Kyriacou <sofia@example.org>',
            `To: ${reply.replyTo!.text}`,
            'Subject: Re: Research partnership',
            `In-Reply-To: ${reply.messageId}`,
            'Message-ID: <sofia-answer@example.org>',
            'MIME-Version: 1.0',
            'Content-Type: multipart/mixed; boundary="outline"',
            '',
            '--outline',
            'Content-Type: text/plain; charset=utf-8',
            '',
            'Thank you. Thursday morning suits us; the outline of the study is attached.',
            '--outline',
            'Content-Type: application/pdf; name="study-outline.pdf"',
            'Content-Disposition: attachment; filename="study-outline.pdf"',
            'Content-Transfer-Encoding: base64',
            '',
            Buffer.from('%PDF-1.4\n% outline\n'.repeat(200)).toString('base64'),
            '--outline--',
            '',
          ].join('\r\n'),
        );
      }
      await page.locator('.entry.note').waitFor();
      await page.locator('.entry.answer .attachments').waitFor({ timeout: 10_000 });
      await page.getByRole('textbox', { name: 'Reply' }).fill('Dear Sofia,\n\nA draft, not sent.');
      await shoot('conversation');
      await page.getByRole('textbox', { name: 'Reply' }).fill('');

      // A restricted message: marked in the list, its subject and text hidden until asked for.
      const back = page.getByRole('button', { name: '← Back to the list' });
      // Up to 56rem the open message takes the list's place.
      if (await back.isVisible()) await back.click();
      const hidden = rowOf(page, 'Subject hidden: processing restricted');
      expect(await hidden.locator('.badge.restricted').textContent()).toBe('Restricted');
      await hidden.click();
      await page.locator('h2#message-subject', { hasText: 'Restricted message' }).waitFor();
      await shoot('restricted');
      await page.getByRole('button', { name: 'Show text (audited)' }).click();
      await page
        .getByRole('dialog', { name: 'Show a restricted conversation?' })
        .getByRole('button', { name: 'Show text (audited)' })
        .click();
      await page.locator('h2#message-subject', { hasText: 'Contract dispute' }).waitFor();
      expect(await page.locator('.body').textContent()).toContain('only as long as the dispute lasts');

      // Spam: each message's score in the list, and in the message why the filter judged it so.
      if (await back.isVisible()) await back.click();
      await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Spam' }).click();
      await page.getByText('Spam is deleted 30 days after it arrives.').waitFor();
      const spam = rowOf(page, 'Double your followers');
      expect(await spam.locator('.badge.score').textContent()).toMatch(/ points$/);
      await shoot('spam');
      await spam.click();
      await spamReasonsShown(page);
      await shoot('spam-message');

      await page.getByRole('link', { name: 'Privacy requests' }).first().click();
      await page.getByRole('heading', { name: 'Retention' }).waitFor();
      await page.getByText('the spam filter scores 5 points or more').waitFor();
      await shoot('privacy');
      await page.getByRole('link', { name: 'Operators' }).click();
      await page.locator('tbody tr').first().waitFor();
      await shoot('operators');
      await page.getByRole('link', { name: 'Audit log' }).click();
      await page.locator('tbody tr').first().waitFor();
      expect(await page.locator('tbody').textContent()).toContain('reveal-restricted-message');
      await shoot('audit');
      await page.getByRole('link', { name: 'Saved replies' }).click();
      if (width === 375) {
        await page.getByLabel('Name').fill('Research enquiry');
        await page
          .getByLabel('Text')
          .fill('Thank you for your interest in our research: we answer within two working days.');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
      }
      await page.getByRole('heading', { name: 'Research enquiry', level: 2 }).waitFor();
      await shoot('saved-replies');
      await page.getByRole('link', { name: /: Your name and passkeys$/ }).click();
      await page.locator('.passkey').first().waitFor();
      await shoot('passkeys');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      await shoot('sign-in');
    };
    // The first width writes the reply, the note and the saved reply that the others then show; the
    // others look at them side by side (decision 080).
    await screensAt(375);
    await Promise.all([768, 1280].map(screensAt));
  });

  test('the dark theme follows the operator’s system setting, axe clean at 375 and 1280 px (screenshots/inbox-dark-*.png)', async ({
    signedIn,
  }) => {
    // The first test's messages, conversation and spam, seen with a dark system setting.
    // Each width an operator of its own, side by side (decision 080).
    await Promise.all(
      [375, 1280].map(async (width) => {
        const { page } = await signedIn(`dark-${width}@example.com`, {
          viewport: { width, height: 800 },
          reducedMotion: 'reduce',
          colorScheme: 'dark',
        });
        const shoot = async (screen: string) => {
          await expectNoAxeViolations(page, `${screen} at ${width}px, dark`);
          await saveScreenshot(page, `inbox-dark-${screen}-${width}`, { fullPage: true });
        };
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
          'rgb(255, 255, 255)',
        );
        await shoot('list');
        await rowOf(page, 'Research partnership').first().click();
        await page.locator('.entry.answer .attachments').waitFor();
        await shoot('conversation');
        const back = page.getByRole('button', { name: '← Back to the list' });
        if (await back.isVisible()) await back.click();
        await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Spam' }).click();
        await rowOf(page, 'Double your followers').click();
        await spamReasonsShown(page);
        await shoot('spam-message');
        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
        await shoot('sign-in');
      }),
    );
  });
});
