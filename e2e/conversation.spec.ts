import { simpleParser } from 'mailparser';
import { describe, expect } from 'vitest';
import { adminPages } from '@site/api-contract';
import { pendingQueueRows } from '@site/testing/pending-queue-rows';
import { PRESENCE_INTERVAL_MS } from '../apps/admin/src/inbox/open-message-polls';
import { test } from './support/fixtures';
import { countOpenings, expectNoAxeViolations, openMessage, rowOf } from './support/operator-browser';
import { saveScreenshot } from './support/screenshots';

const SET_ASIDE_SUBJECT = 'A mail that could not be read';

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

describe('conversations in the inbox', () => {
  test('a saved reply inserted, edited and sent by mail; its state shown; a note that is never mailed', async ({
    inboxSite: site,
    asLead,
  }) => {
    await site.send({
      name: 'Eleni Christou',
      email: 'eleni@example.org',
      subject: 'Website builder price',
      message: 'How much is the website builder for a shop?',
    });
    // Her name, which the visitor sees on her replies.
    const { page } = await asLead({}, adminPages.account);
    await page.getByLabel('Your name, as visitors see it on your replies').fill('Anna');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Visitors now see your replies from “Anna”.').waitFor();

    await page.goto(`${site.origin}${adminPages.savedReplies}`);
    await page.getByLabel('Name').fill('Builder prices');
    await page
      .getByLabel('Text')
      .fill('The website builder starts with a free trial; our team sends a quote.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Builder prices', level: 2 }).waitFor();
    await expectNoAxeViolations(page, 'saved replies');

    const openings = countOpenings(page);
    await page.goto(`${site.origin}${adminPages.inbox}`);
    const view = await openMessage(page, 'Website builder price');
    await view.getByLabel('Insert a saved reply').selectOption({ label: 'Builder prices' });
    const box = view.getByRole('textbox', { name: 'Reply' });
    expect(await box.inputValue()).toBe(
      'The website builder starts with a free trial; our team sends a quote.',
    );
    await box.press('End');
    await box.pressSequentially(' For a shop of your size, about 30 a month.');
    await view.getByRole('button', { name: 'Send reply' }).click();
    await view.getByText('Reply queued: it is sent in a moment, and marked sent here.').waitFor();
    expect(await box.inputValue(), 'the box is empty for the next reply').toBe('');
    // The reply shows as the server's answer to the POST gave it, with no read of the thread.
    const reply = view.locator('.entry.reply');
    expect(await reply.textContent()).toContain('For a shop of your size, about 30 a month.');
    // The thread follows the mail's state without a reload, and the message is never opened again.
    await expect
      .poll(() => reply.locator('.entry-state').textContent(), { timeout: 15_000 })
      .toMatch(/^Sent /);
    expect(openings.count).toBe(1);

    const mails = () => site.sink.mails.filter((mail) => mail.to.includes('eleni@example.org'));
    await expect.poll(() => mails().length).toBe(1);
    const mail = await simpleParser(mails()[0]!.raw);
    expect(mail.from?.text).toMatch(/^"?Anna at .+"? <.+>$/);
    expect(mail.subject).toBe('Re: Website builder price');
    expect(mail.text).toContain(
      'The website builder starts with a free trial; our team sends a quote. For a shop',
    );
    expect(mail.text).toContain('> How much is the website builder for a shop?');
    expect(await view.locator('.fields').textContent()).toContain('Answered');

    await view.getByLabel('Internal note').fill('Owns three shops: offer the agency plan.');
    await view.getByRole('button', { name: 'Add note' }).click();
    await view.getByText('Note added.').waitFor();
    await expect.poll(() => view.locator('.entry.note').textContent()).toContain('for the team only');
    await expectNoAxeViolations(page, 'a conversation with a reply and a note');
    // A note that went out by mail would be a queued mail: every one has gone out now.
    const queued = () =>
      pendingQueueRows({ dataDir: site.env.DATA_DIR }, ['outbox', 'replies', 'operator_mails']);
    await expect.poll(queued).toBe(0);
    expect(site.sink.mails.filter((sent) => sent.raw.includes('agency plan'))).toEqual([]);
  });

  test('a second operator sees who is there and writing, and is stopped from answering twice', async ({
    inboxSite: site,
    signedIn,
  }) => {
    await site.send({
      name: 'Kostas Ioannou',
      email: 'kostas@example.org',
      subject: 'SMS for a clinic',
      message: 'Can we remind patients by SMS?',
    });
    const anna = await signedIn('anna-first@example.com');
    const ben = await signedIn('ben-second@example.com');
    // Each page's clock is the test's from its load on, so the presence polls run when it says.
    for (const { page } of [anna, ben]) {
      await page.clock.install();
      await page.reload();
    }
    const annas = await openMessage(anna.page, 'SMS for a clinic');
    const bens = await openMessage(ben.page, 'SMS for a clinic');
    const presence = (view: typeof annas) => view.locator('.presence');
    await expect
      .poll(() => presence(bens).textContent())
      .toBe('anna-first@example.com is viewing this message.');

    // Ben asks only once Anna's page has said she is writing (on a busy machine her request may land later).
    const annaWriting = anna.page.waitForResponse(
      (response) =>
        response.url().endsWith('/presence') && /replying/.test(response.request().postData() ?? ''),
    );
    await annas.getByRole('textbox', { name: 'Reply' }).fill('Yes: reminders go out the day before.');
    await annaWriting;
    await ben.page.clock.fastForward(PRESENCE_INTERVAL_MS);
    await expect.poll(() => presence(bens).textContent()).toBe('anna-first@example.com is writing a reply.');
    await anna.page.clock.fastForward(PRESENCE_INTERVAL_MS);
    await expect
      .poll(() => presence(annas).textContent())
      .toBe('ben-second@example.com is viewing this message.');
    await expectNoAxeViolations(ben.page, 'another operator writing');

    // Ben begins to write before Anna sends (once his thread shows her reply, a reply of his is no collision).
    const draft = 'No, we do not do SMS.';
    const benWriting = ben.page.waitForResponse(
      (response) =>
        response.url().endsWith('/presence') && /replying/.test(response.request().postData() ?? ''),
    );
    await bens.getByRole('textbox', { name: 'Reply' }).fill(draft);
    await benWriting;
    await annas.getByRole('button', { name: 'Send reply' }).click();
    await annas.getByText('Reply queued: it is sent in a moment, and marked sent here.').waitFor();

    // Ben wrote before Anna answered: his reply is refused, hers shown, his draft kept.
    await bens.getByRole('button', { name: 'Send reply' }).click();
    await bens
      .getByRole('alert')
      .getByText(
        'anna-first@example.com answered this message after you opened it. Your reply was not sent: read theirs first.',
      )
      .waitFor();
    await expect
      .poll(() => bens.locator('.entry.reply').textContent())
      .toContain('reminders go out the day before');
    expect(await bens.getByRole('textbox', { name: 'Reply' }).inputValue()).toBe(draft);
    await expectNoAxeViolations(ben.page, 'the collision notice');
    for (const width of [1280, 768, 375]) {
      await ben.page.setViewportSize({ width, height: 800 });
      await saveScreenshot(ben.page, `inbox-collision-${width}`, { fullPage: true });
    }
    await expect
      .poll(() => site.sink.mails.filter((mail) => mail.to.includes('kostas@example.org')).length)
      .toBe(1);
    expect(site.sink.mails.some((mail) => mail.raw.includes(draft))).toBe(false);
  });

  test("the visitor's answer by mail shows in the open thread without a reload, with its file to download", async ({
    inboxSite: site,
    asLead,
  }) => {
    await site.send({
      name: 'Maria Georgiou',
      email: 'maria@example.org',
      subject: 'Link tracking for a campaign',
      message: 'Can we track the links of one newsletter?',
    });
    const { page } = await asLead();
    const view = await openMessage(page, 'Link tracking for a campaign');
    await view.getByRole('textbox', { name: 'Reply' }).fill('Yes: each link gets its own report.');
    await view.getByRole('button', { name: 'Send reply' }).click();
    const toMaria = () => site.sink.mails.filter((mail) => mail.to.includes('maria@example.org'));
    await expect.poll(() => toMaria().length).toBe(1);
    const reply = await simpleParser(toMaria()[0]!.raw);

    // Maria's mail client answers: to the Reply-To address, naming the reply, with a CSV file.
    const boundary = 'b1_maria';
    await site.dovecot.deliver(
      [
        'From: Maria Georgiou <maria@example.org>',
        `To: ${reply.replyTo!.text}`,
        'Subject: Re: Link tracking for a campaign',
        'Message-ID: <maria-answer@example.org>',
        `In-Reply-To: ${reply.messageId}`,
        `Date: ${new Date().toUTCString()}`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Great. Here are the links of our next newsletter.',
        `--${boundary}`,
        'Content-Type: text/csv; name="links.csv"',
        'Content-Disposition: attachment; filename="links.csv"',
        '',
        'url,label',
        'https://example.org/offer,Offer',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const answer = view.locator('.entry.answer');
    await expect
      .poll(() => answer.textContent(), { timeout: 5000 })
      .toContain('Great. Here are the links of our next newsletter.');
    expect(await answer.textContent()).toContain('Maria Georgiou answered by mail');
    expect(await view.locator('.fields').textContent()).toContain('New');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      answer.getByRole('link', { name: 'links.csv' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('links.csv');
    await expectNoAxeViolations(page, "a visitor's answer by mail with a file");

    // A mail that gives Maria's address, but whose domain's DMARC check failed at the company's server.
    await site.dovecot.deliver(
      [
        'Authentication-Results: mx.example.com; spf=fail smtp.mailfrom=evil.example; dmarc=fail header.from=example.org',
        'From: Maria Georgiou <maria@example.org>',
        `To: ${reply.replyTo!.text}`,
        'Subject: Re: Link tracking for a campaign',
        'Message-ID: <forged@evil.example>',
        `In-Reply-To: ${reply.messageId}`,
        `Date: ${new Date().toUTCString()}`,
        '',
        'Please send the invoice to our new bank account.',
        '',
      ].join('\r\n'),
    );
    const forged = answer.filter({ hasText: 'new bank account' });
    await forged.waitFor({ timeout: 5000 });
    expect(await forged.textContent()).toContain('From another address: maria@example.org');
    expect(await forged.textContent()).toContain('DMARC failed: maria@example.org may not have sent it');
    expect(await answer.first().textContent()).not.toContain('DMARC');
    await expectNoAxeViolations(page, 'an answer whose DMARC check failed');

    // Maria, who was answered, sends what reads as spam: a known sender's is labelled, never silenced.
    await site.dovecot.deliver(
      [
        'From: Maria Georgiou <maria@example.org>',
        `To: ${reply.replyTo!.text}`,
        'Subject: Re: Link tracking for a campaign',
        'Message-ID: <maria-offer@example.org>',
        `In-Reply-To: ${reply.messageId}`,
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        // An invisible character, markup and shortened links: what silences a sender nobody knows.
        '\u200b[url=https://bit.ly/x]Cheap backlinks[/url] https://bit.ly/y https://tinyurl.com/z BUY NOW!!!!',
        '',
      ].join('\r\n'),
    );
    const unsure = answer.filter({ hasText: 'Cheap backlinks' });
    await unsure.waitFor({ timeout: 5000 });
    expect(await unsure.locator('.badge.possibly-spam').textContent()).toBe('Possibly spam');
    await expectNoAxeViolations(page, 'an answer the spam filter was unsure of');
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `no sideways scrolling at ${width} px`,
      ).toBeLessThanOrEqual(0);
      await saveScreenshot(forged, `conversation-dmarc-failed-${width}`);
      await saveScreenshot(unsure, `conversation-possibly-spam-answer-${width}`);
    }
  });

  test('a new mail whose DMARC failed says its sender is not verified; one from an address literal gets no reply form but says why, and its privacy requests take the address', async ({
    inboxSite: site,
    asLead,
  }) => {
    const mail = (headers: string[], text: string) =>
      [
        ...headers,
        'To: support@example.com',
        `Date: ${new Date().toUTCString()}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        text,
        '',
      ].join('\r\n');
    await site.dovecot.deliver([
      mail(
        [
          'From: Intranet User <user@[192.0.2.1]>',
          'Subject: Printer on the intranet',
          'Message-ID: <printer@intranet.example>',
        ],
        'Please answer me at this address.',
      ),
      // A mail in the name of the company's own chief executive, which its domain's DMARC check refused.
      mail(
        [
          'Authentication-Results: mx.example.com; spf=fail smtp.mailfrom=evil.example; dmarc=fail header.from=example.com',
          'From: Helen Markou <ceo@example.com>',
          'Subject: Urgent: pay this invoice today',
          'Message-ID: <ceo@evil.example>',
        ],
        'Please pay the attached invoice to our new bank account before noon.',
      ),
    ]);
    const { page } = await asLead();
    const spoofedRow = rowOf(page, 'Urgent: pay this invoice today');
    await expect
      .poll(
        async () => {
          await page.reload();
          return (await rowOf(page, 'Printer on the intranet').count()) + (await spoofedRow.count());
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    expect(await spoofedRow.textContent()).toContain('Sender not verified (DMARC failed)');
    expect(await rowOf(page, 'Printer on the intranet').textContent()).not.toContain('DMARC');
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const width of [1280, 768, 375]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sideways(), `no sideways scrolling in the list at ${width} px`).toBeLessThanOrEqual(0);
      await saveScreenshot(spoofedRow, `inbox-dmarc-failed-row-${width}`);
    }
    const spoofed = await openMessage(page, 'Urgent: pay this invoice today');
    expect(await spoofed.locator('.dmarc-failed-notice').textContent()).toBe(
      'Sender not verified (DMARC failed) The company’s mail server could not confirm that ceo@example.com sent it. Check with them another way before acting on what it asks.',
    );
    expect(await spoofed.locator('.fields').textContent()).toContain(
      'A mail to the company’s mailbox (DMARC: fail)',
    );
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sideways(), `no sideways scrolling in the message at ${width} px`).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `inbox-dmarc-failed-message-${width}`, { fullPage: true });
    }
    await expectNoAxeViolations(page, 'a new mail whose DMARC check failed');

    const view = await openMessage(page, 'Printer on the intranet');
    const refusal = view.getByText(/^No reply by mail to Intranet User <user@\[192\.0\.2\.1\]>/);
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('the contact form would refuse this address');
    expect(await view.getByRole('textbox', { name: 'Reply' }).count()).toBe(0);

    await view.getByRole('link', { name: 'Privacy requests for user@[192.0.2.1]' }).click();
    await page.getByRole('heading', { name: 'Privacy requests' }).waitFor();
    await page.getByRole('button', { name: 'Restrict processing' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restrict processing' }).click();
    await page.getByText('1 message(s) from user@[192.0.2.1] restricted.').waitFor();
    expect(site.sink.mails.filter((mail) => mail.to.some((to) => to.includes('192.0.2.1')))).toEqual([]);
  });
});

describe('a mail the import could not read', () => {
  test('arrives as a message that says so, with the mail to download; later mail still arrives (screenshots/mail-set-aside-*.png)', async ({
    inboxSite: site,
    asLead,
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
    const { page } = await asLead({ reducedMotion: 'reduce' });
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
      await rowOf(page, SET_ASIDE_SUBJECT).click();
      const view = page.locator('article.message-view');
      await view.getByRole('heading', { name: SET_ASIDE_SUBJECT }).waitFor();
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
