import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { adminPages, THREAD_PAGE_ITEMS } from '@site/api-contract';
import { test as base } from './support/fixtures';
import type { InboxSite } from './support/inbox-site';
import { LEAD_EMAIL } from './support/prepared-lead';
import { countOpenings, expectNoAxeViolations, openMessage, rowOf } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

/** A long conversation: more answers in a day than INBOUND_DAILY_LIMIT files from one sender by default. */
const test = base.extend<{ $file: { inboxSettings: Record<string, string> } }>({
  inboxSettings: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => use({ INBOUND_DAILY_LIMIT: '100' }),
    { scope: 'file' },
  ],
});

/**
 * The visitor at `email` answers the operators' reply by mail, as their mail client does: one mail for
 * each text, a file with the first when `file` names one, all delivered to the company's mailbox.
 */
async function answerByMail(site: InboxSite, email: string, texts: string[], file?: string) {
  const toVisitor = () => site.sink.mails.filter((mail) => mail.to.includes(email));
  await expect.poll(() => toVisitor().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  const reply = await simpleParser(toVisitor()[0]!.raw);
  const boundary = 'answer-part';
  const mail = (text: string, n: number) =>
    [
      `From: ${email}`,
      `To: ${reply.replyTo!.text}`,
      `Subject: Re: ${reply.subject}`,
      `Message-ID: <${email.split('@')[0]}-${Date.now()}-${n}@example.org>`,
      `In-Reply-To: ${reply.messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      text,
      ...(n === 0 && file
        ? [
            `--${boundary}`,
            `Content-Type: application/pdf; name="${file}"`,
            `Content-Disposition: attachment; filename="${file}"`,
            '',
            '%PDF-1.4 the file',
          ]
        : []),
      `--${boundary}--`,
      '',
    ].join('\r\n');
  await site.dovecot.deliver(texts.map(mail));
}

/** The audit log's entries of this action on this message, as the Audit log page lists them. */
async function auditedOn(page: Page, action: string, messageId: string) {
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.locator('tbody tr').first().waitFor();
  const rows = page.locator('tbody tr').filter({ hasText: action }).filter({ hasText: messageId });
  return rows.evaluateAll((cells) => cells.map((row) => row.querySelectorAll('td')[1]!.textContent));
}

// Three widths, each in light and dark with axe, by operators who sign in one after another: on the
// shared two-core machine that takes 35 to 60 s. The tests run side by side (decision 080): each has
// its own visitor, message and operators, and much of each is waiting for mail to come and go.
describe.concurrent('an open message', { timeout: 120_000 }, () => {
  test('followed while answers, replies and notes arrive is one opening in the audit log, per operator', async ({
    expect,
    inboxSite: site,
    asLead,
    signedIn,
  }) => {
    const id = await site.send({
      name: 'Nikos Petrou',
      email: 'nikos@example.org',
      subject: 'CRM for a hotel',
      message: 'Does the CRM handle bookings for a hotel of forty rooms?',
    });
    const anna = await asLead();
    const ben = await signedIn('ben-follows@example.com');
    const openings = [countOpenings(anna.page), countOpenings(ben.page)];
    const annas = await openMessage(anna.page, 'CRM for a hotel');
    const bens = await openMessage(ben.page, 'CRM for a hotel');

    await annas.getByRole('textbox', { name: 'Reply' }).fill('Yes: bookings are a module of the CRM.');
    await annas.getByRole('button', { name: 'Send reply' }).click();
    await annas.getByText('Reply queued: it is sent in a moment, and marked sent here.').waitFor();
    await answerByMail(site, 'nikos@example.org', ['Great: can we see it on Monday?']);
    await bens.getByLabel('Internal note').fill('Nikos is an existing SMS customer.');
    await bens.getByRole('button', { name: 'Add note' }).click();
    await bens.getByText('Note added.').waitFor();

    for (const view of [annas, bens]) {
      await expect
        .poll(() => view.locator('.entry.answer').textContent(), { timeout: 10_000 })
        .toContain('can we see it on Monday?');
      await expect.poll(() => view.locator('.entry.note').textContent()).toContain('existing SMS customer');
      await expect
        .poll(() => view.locator('.entry.reply .entry-state').textContent(), { timeout: 15_000 })
        .toMatch(/^Sent /);
    }
    // Each page opened the message once and followed it by updates: no re-opening.
    expect(openings.map((seen) => seen.count)).toEqual([1, 1]);
    expect(await auditedOn(anna.page, 'open-message', id)).toEqual(['ben-follows@example.com', LEAD_EMAIL]);
    // Only the sign-in page's question for a session (401): no refusal by the Content-Security-Policy.
    const unexpected = [...anna.consoleErrors, ...ben.consoleErrors].filter(
      (error) => !error.includes('status of 401'),
    );
    expect(unexpected).toEqual([]);
  });

  test('of a restricted person shows its conversation without texts or file names until “Show text (audited)”, at 375, 768 and 1280 px, axe clean in light and dark (screenshots/inbox-restricted-*.png)', async ({
    expect,
    inboxSite: site,
    lead,
    asLead,
    signedIn,
  }) => {
    const secrets = [
      'My policy number is',
      'We need the claim form',
      'Call back on Friday',
      'claim-form.pdf',
    ];
    const id = await site.send({
      name: 'Elena Savva',
      email: 'elena@example.org',
      subject: 'Insurance claim',
      message: 'My policy number is 44-1208. Can you send the details of my account?',
    });
    const first = await asLead();
    const anna = await openMessage(first.page, 'Insurance claim');
    await anna.getByRole('textbox', { name: 'Reply' }).fill('We need the claim form, signed.');
    await anna.getByRole('button', { name: 'Send reply' }).click();
    await answerByMail(
      site,
      'elena@example.org',
      ['Here it is. Call back on Friday, please.'],
      'claim-form.pdf',
    );
    await anna.getByLabel('Internal note').fill('Call back on Friday morning.');
    await anna.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => anna.locator('.entry.answer .attachments').count(), { timeout: 10_000 }).toBe(1);
    await lead.restrict('elena@example.org');

    // Another operator than Anna, one page at each width: each opening starts from the list, as a new
    // page would, and each reveal is one of its own, audited.
    const operator = 'restricted-viewer@example.com';
    const { page } = await signedIn(operator, {
      viewport: { width: 375, height: 800 },
      reducedMotion: 'reduce',
    });
    for (const [index, width] of [375, 768, 1280].entries()) {
      if (index > 0) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(site.origin + adminPages.inbox);
      }
      const shoot = async (screen: string) => {
        // Where the list and the message stand side by side (1280 px), the message scrolls on its own:
        // that screenshot is of the window, scrolled to the answer.
        const sideBySide = width === 1280;
        if (sideBySide) await page.locator('.entry.answer').scrollIntoViewIfNeeded();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          `${screen} at ${width}px`,
        ).toBeLessThanOrEqual(0);
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await expectNoAxeViolations(page, `${screen} at ${width}px, ${colorScheme}`);
          const theme = colorScheme === 'dark' ? 'dark-' : '';
          await saveScreenshot(page, `inbox-${theme}${screen}-${width}`, { fullPage: !sideBySide });
        }
        await page.emulateMedia({ colorScheme: 'light' });
      };
      await rowOf(page, 'Subject hidden: processing restricted').click();
      const view = page.locator('article.message-view');
      await view.locator('.entry.answer').waitFor();
      const shown = (await view.textContent()) ?? '';
      for (const secret of secrets) expect(shown, secret).not.toContain(secret);
      expect(await view.locator('.hidden-text').count(), 'the reply, the answer and the note').toBe(3);
      expect(await view.locator('.attachments a').count(), 'no file to download').toBe(0);
      expect(await view.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);
      await shoot('restricted-conversation');

      await view.getByRole('button', { name: 'Show text (audited)' }).click();
      await page
        .getByRole('dialog', { name: 'Show a restricted conversation?' })
        .getByRole('button', { name: 'Show text (audited)' })
        .click();
      await view.getByText('The text is shown; this is recorded in the audit log.').waitFor();
      const revealed = (await view.textContent()) ?? '';
      for (const secret of secrets) expect(revealed, secret).toContain(secret);
      expect(await view.locator('.hidden-text').count()).toBe(0);
      expect(await view.getByRole('button', { name: 'Show text (audited)' }).count()).toBe(0);
      if (width === 375) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          view.getByRole('link', { name: 'claim-form.pdf' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('claim-form.pdf');
      }
      await shoot('restricted-revealed');
      const reveals = await auditedOn(page, 'reveal-restricted-message', id);
      expect(reveals.filter((who) => who === operator)).toEqual(Array(index + 1).fill(operator));
    }
  });

  test(`of more than ${THREAD_PAGE_ITEMS} items shows the newest, and “Show earlier” (keyboard) the rest, at 375, 768 and 1280 px, axe clean in light and dark (screenshots/inbox-show-earlier-*.png)`, async ({
    expect,
    inboxSite: site,
    asLead,
  }) => {
    const answers = THREAD_PAGE_ITEMS + 5;
    await site.send({
      name: 'Petros Demetriou',
      email: 'petros@example.org',
      subject: 'Newsletter statistics',
      message: 'Can we see the statistics of each newsletter we send?',
    });
    const first = await asLead();
    const anna = await openMessage(first.page, 'Newsletter statistics');
    await anna.getByRole('textbox', { name: 'Reply' }).fill('Yes: each newsletter gets its own report.');
    await anna.getByRole('button', { name: 'Send reply' }).click();
    await answerByMail(
      site,
      'petros@example.org',
      Array.from({ length: answers }, (_, n) => `Statistics question ${n + 1}.`),
    );
    await anna.getByText(`Statistics question ${answers}.`).waitFor({ timeout: 20_000 });

    // One operator's page at each width: each opening starts from the list, as a new page would.
    const { page } = first;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(site.origin + adminPages.inbox);
      const view = await openMessage(page, 'Newsletter statistics');
      await view.locator('.entry').first().waitFor();
      expect(await view.locator('.entry').count()).toBe(THREAD_PAGE_ITEMS);
      const earlier = view.getByRole('button', { name: 'Show earlier' });
      await earlier.scrollIntoViewIfNeeded();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expectNoAxeViolations(page, `show earlier at ${width}px, ${colorScheme}`);
        const theme = colorScheme === 'dark' ? 'dark-' : '';
        await saveScreenshot(page, `inbox-${theme}show-earlier-${width}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });

      await earlier.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => view.locator('.entry').count()).toBe(answers + 1);
      expect(await view.locator('.entry-text').first().textContent()).toBe(
        'Yes: each newsletter gets its own report.',
      );
      expect(await earlier.count(), 'nothing is left before').toBe(0);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.classList.contains('thread')))
        .toBe(true);
      expect(await view.getByRole('status').filter({ hasText: 'earlier item(s) shown' }).textContent()).toBe(
        '6 earlier item(s) shown.',
      );
    }
  });
});
