import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  ADMIN_BACKGROUND_HEADER,
  adminApiPaths,
  adminPages,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from '@site/api-contract';
import { POLL_MS } from '../apps/admin/src/inbox/use-messages';
import { test } from './support/fixtures';
import { registerFromLink } from './support/inbox-site';
import { expectNoAxeViolations, rowOf, rows } from './support/operator-browser';

/** What the server at `origin` answers a claim of `token` from somewhere else than the browser that opened it. */
async function claimFromElsewhere(origin: string, token: string) {
  const xsrf = await fetch(origin + XSRF_TOKEN_PATH);
  const response = await fetch(origin + adminApiPaths.linkClaim, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      cookie: xsrf.headers.getSetCookie()[0]!.split(';')[0]!,
      [XSRF_HEADER]: ((await xsrf.json()) as { token: string }).token,
    },
    body: JSON.stringify({ token }),
  });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

const signInPage = (page: Page) => page.getByRole('button', { name: 'Sign in with a passkey' });

describe('the inbox in the browser', () => {
  // The file's first test starts its inbox site, and prepares the run's lead when no other spec has
  // (decision 061), besides its own command-line invitation: on the shared two-core machine more than
  // the suite's 60 s.
  test('invite → mailed link → passkey → read, search, filter, answer, archive, export, erase', async ({
    inboxSite: site,
    operatorBrowser,
  }) => {
    await site.send({
      name: 'Maria Georgiou',
      email: 'maria@example.org',
      subject: 'SMS campaign',
      message: 'We send 20k SMS a month.',
    });
    await site.send({
      name: 'Nikos Pappas',
      email: 'nikos@example.org',
      subject: 'CRM migration',
      message: 'Moving from spreadsheets.',
    });
    const home = await (await fetch(site.origin + '/')).text();
    expect(home, 'the public pages neither link to nor load the inbox').not.toContain('/admin');
    const { page, consoleErrors } = await operatorBrowser();
    const link = await site.invite('anna@example.com');
    expect(link.startsWith(`${site.origin}${adminPages.signIn}#token=`)).toBe(true);
    await page.goto(link);
    await expect
      .poll(() => new URL(page.url()).hash, { message: 'the token leaves the address bar' })
      .toBe('');
    await expectNoAxeViolations(page, 'sign-in from a link');
    await page.getByRole('button', { name: 'Create passkey and sign in' }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();

    // Read: opening marks it read, and shows every field and the notification's state.
    await rowOf(page, 'SMS campaign').click();
    const view = page.locator('article.message-view');
    await view.getByRole('heading', { name: 'SMS campaign' }).waitFor();
    await expect.poll(() => view.locator('.fields').textContent()).toContain('maria@example.org');
    await expect
      .poll(() => view.locator('.mails').textContent())
      .toMatch(/Notification to the company: (Sent|Pending)/);
    expect(await rowOf(page, 'SMS campaign').locator('.badge').textContent()).toBe('Read');
    await view.getByRole('button', { name: 'Reply', exact: true }).click();
    expect(await page.evaluate(() => document.activeElement?.id), 'Reply goes to the reply box').toBe(
      'reply-text',
    );
    await expectNoAxeViolations(page, 'a message open');

    // Answer, then the Answered view lists it.
    await view.getByRole('button', { name: 'Mark answered' }).click();
    await view.getByText('Marked as answered.').waitFor();
    await page.getByRole('button', { name: 'Answered', exact: true }).click();
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('SMS campaign')]);

    // Search across everything.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByRole('searchbox').fill('spreadsheets');
    await page.getByRole('searchbox').press('Enter');
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('CRM migration')]);
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => rows(page).count()).toBe(2);

    // Archive, and the Archived view has it.
    await rowOf(page, 'CRM migration').click();
    await view.getByRole('button', { name: /Archive/ }).click();
    await view.getByText('Archived.').waitFor();
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('CRM migration')]);

    // Dates are whole days in the operator's zone: from tomorrow there is nothing; to today, both.
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByText('Site, language, dates and export').click();
    const day = (offset: number) =>
      page.evaluate((days) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv'), offset);
    await page.getByLabel('From').fill(await day(1));
    await page.getByText('No messages here.').waitFor();
    await page.getByLabel('From').fill('');
    await page.getByLabel('To').fill(await day(0));
    await expect.poll(() => rows(page).count()).toBe(2);
    await page.getByRole('combobox', { name: 'Site' }).selectOption({ label: 'Example Digital' });
    await expect.poll(() => rows(page).count()).toBe(2);
    // Both were sent from English pages: none is Greek.
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Greek' });
    await page.getByText('No messages here.').waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'English' });
    await expect.poll(() => rows(page).count()).toBe(2);

    // Export the current filter.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const saved = join(mkdtempSync(join(tmpdir(), 'e2e-export-')), download.suggestedFilename());
    await download.saveAs(saved);
    expect(download.suggestedFilename()).toMatch(/^messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(saved, 'utf8');
    expect(csv).toContain('SMS campaign');
    expect(csv).toContain('CRM migration');

    // Erase from the message, through the privacy page, after a confirmation that names the address.
    await rowOf(page, 'SMS campaign').click();
    await view.getByRole('link', { name: 'Privacy requests for maria@example.org' }).click();
    await page.getByRole('heading', { name: 'Privacy requests' }).waitFor();
    expect(await page.getByLabel('E-mail address of the person').inputValue()).toBe('maria@example.org');
    await page.getByRole('button', { name: 'Erase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase everything about this address?' });
    expect(await dialog.textContent()).toContain('maria@example.org');
    await expectNoAxeViolations(page, 'the erase confirmation');
    await dialog.getByRole('button', { name: 'Erase' }).click();
    await page.getByText(/Erased 1 message\(s\)/).waitFor();
    await page.getByRole('link', { name: 'Messages' }).click();
    await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('CRM migration')]);

    // The audit log names each action, never the message's text.
    await page.getByRole('link', { name: 'Audit log' }).click();
    const log = page.locator('table');
    await expect.poll(() => log.textContent()).toContain('erase');
    const entries = (await log.textContent()) ?? '';
    for (const action of ['open-message', 'mark-answered', 'mark-archived', 'export'])
      expect(entries).toContain(action);
    expect(entries).not.toContain('spreadsheets');
    await expectNoAxeViolations(page, 'the audit log');
    // The one error is Chromium's own line for the 401 of the session check before sign-in.
    expect(consoleErrors).toEqual([expect.stringContaining('status of 401')]);
  }, 120_000);

  test('the passkey alone signs in again; j, k, e and / work as in a mail client', async ({
    inboxSite: site,
    signedIn,
  }) => {
    for (const subject of ['Website builder', 'Link tracking', 'White label'])
      await site.send({
        name: 'Eleni Ioannou',
        email: 'eleni@example.org',
        subject,
        message: 'Please call me.',
      });
    const { page } = await signedIn('keys@example.com');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();

    const subjects = await rows(page).locator('.subject').allTextContents();
    await page.keyboard.press('j');
    await page.locator('h2#message-subject').filter({ hasText: subjects[0]! }).waitFor();
    await page.keyboard.press('j');
    await page.locator('h2#message-subject').filter({ hasText: subjects[1]! }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('true');
    await page.keyboard.press('k');
    await page.locator('h2#message-subject').filter({ hasText: subjects[0]! }).waitFor();
    await page.keyboard.press('e');
    await page.getByText(`Archived “${subjects[0]}”.`).waitFor();
    await page.locator('h2#message-subject').filter({ hasText: subjects[1]! }).waitFor();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
    await page.keyboard.type('j');
    expect(await page.getByRole('searchbox').inputValue(), 'keys typed into the search are text').toBe('j');
  });

  test('a notification the mail server refused shows as failed with its error, and is sent again from the message', async ({
    inboxSite: site,
    asLead,
  }) => {
    const { page } = await asLead();
    site.sink.refused.add('leads@example.com');
    await site.send({
      name: 'Petros Demetriou',
      email: 'petros@example.org',
      subject: 'Bounced notification',
      message: 'Hello.',
    });
    await page.reload();
    await rowOf(page, 'Bounced notification').click();
    const mails = page.locator('.mails');
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Escape');
          await rowOf(page, 'Bounced notification').click();
          return mails.textContent();
        },
        { timeout: 10_000 },
      )
      .toMatch(/Failed after 2 attempt\(s\): .*550/);
    await expectNoAxeViolations(page, 'a failed notification');
    site.sink.refused.clear();
    await mails.getByRole('button', { name: 'Send failed mails again' }).click();
    await page.getByText('1 mail(s) queued again.').waitFor();
    await expect
      .poll(() => site.sink.mails.some((mail) => mail.raw.includes('Bounced notification')))
      .toBe(true);
  });

  test('new messages appear without a reload; the polls that bring them do not keep the session alive', async ({
    inboxSite: site,
    asLead,
  }) => {
    const { page } = await asLead();
    const polls: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).searchParams.has('after'))
        polls.push(request.headers()[ADMIN_BACKGROUND_HEADER]);
    });
    // The page's clock jumps to the next poll instead of the test waiting for it.
    await page.clock.install();
    await page.reload();
    await rows(page).first().waitFor();
    await site.send({
      name: 'Andreas Charalambous',
      email: 'andreas@example.org',
      subject: 'Arrived while reading',
      message: 'Hello.',
    });
    await page.clock.fastForward(POLL_MS);
    await rowOf(page, 'Arrived while reading').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'new message(s) arrived' }).count()).toBe(1);
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((header) => header === '1')).toBe(true);
  });

  test('a spam message shows its score and why; Not spam moves it to New, teaches the filter and notifies', async ({
    inboxSite: site,
    asLead,
  }) => {
    const subject = 'Cheap followers';
    await site.send({
      name: 'Bot',
      email: 'bot@example.org',
      subject,
      message: 'Buy followers at https://bit.ly/x1 now',
      website: 'http://spam.example',
    });
    const notified = () => site.sink.mails.some((mail) => mail.raw.includes(subject));
    const { page } = await asLead();
    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Spam' }).click();
    await page.getByText('Spam is deleted 30 days after it arrives.').waitFor();
    const row = rowOf(page, subject);
    expect(await row.locator('.badge.score').textContent()).toMatch(/^\d+(\.\d)? points$/);

    await row.click();
    const check = page.getByRole('region', { name: 'Why this was judged spam' });
    await expect.poll(() => check.textContent()).toContain('points or more make spam.');
    const reasons = await check.getByRole('listitem').allTextContents();
    expect(reasons[0]).toBe(
      '+10Hidden field filled in: the hidden field that people never see was filled in',
    );
    expect(reasons).toContainEqual(expect.stringContaining('Shortened links: links hidden behind bit.ly'));
    await expectNoAxeViolations(page, 'a spam message and its reasons');
    expect(notified(), 'spam is not notified').toBe(false);

    await page.getByRole('button', { name: 'Not spam' }).click();
    await page.getByText('Moved to New; the filter learns from it.').waitFor();
    await expect.poll(() => rowOf(page, subject).count()).toBe(0);
    await expect.poll(notified, { timeout: 10_000 }).toBe(true);
    await page.getByRole('button', { name: 'New', exact: true }).click();
    await rowOf(page, subject).click();
    // Opened again, so what the filter was taught is the server's word.
    await page
      .getByRole('region', { name: 'Spam check' })
      .getByText('Marked as not spam: the filter has learnt from it.')
      .waitFor();
  });

  test('an operator invites another from the inbox and revokes one, who is out at once; a signed-out session cookie works in no other browser', async ({
    inboxSite: site,
    operatorBrowser,
    signedIn,
  }) => {
    const admin = await signedIn('lead@example.com');
    const other = await signedIn('leaver@example.com');
    await admin.page.getByRole('link', { name: 'Operators' }).click();
    await admin.page.getByLabel('Invite an operator by e-mail address').fill('newcomer@example.com');
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText('A sign-in link is on its way to newcomer@example.com.').waitFor();
    expect(await site.mailedLink('newcomer@example.com', 1)).toContain('#token=');
    await admin.page.getByRole('row', { name: /newcomer@example\.com/ }).waitFor();
    await admin.page.getByRole('button', { name: 'Revoke leaver@example.com' }).click();
    await expectNoAxeViolations(admin.page, 'the revoke confirmation');
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await admin.page.getByText('leaver@example.com is signed out everywhere').waitFor();
    await other.page.getByRole('link', { name: 'Audit log' }).click();
    await other.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();

    const [cookie] = await admin.context.cookies();
    await admin.page.getByRole('button', { name: 'Sign out' }).click();
    await admin.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    const thief = await operatorBrowser();
    await thief.context.addCookies([cookie!]);
    await thief.page.goto(site.origin + adminPages.inbox);
    await thief.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
  });
});

describe('an operator’s own passkeys in the inbox', () => {
  test('a link opened but not used leaves a dead token in the browser’s history', async ({
    inboxSite: site,
    lead,
    chromiumProfile,
  }) => {
    const link = await lead.invite('history@example.com');
    const { context, profileDir: profile } = await chromiumProfile();
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Create your passkey' }).waitFor();
    expect(await page.textContent('main')).toContain('history@example.com');
    // Chromium writes its history database out as it closes.
    await context.close();

    // What someone with the computer later finds in Chromium's history database.
    const copy = join(profile, 'History-copy');
    copyFileSync(join(profile, 'Default', 'History'), copy);
    const history = new SQLite(copy, { readonly: true });
    const urls = (history.prepare('select url from urls').all() as { url: string }[]).map((row) => row.url);
    history.close();
    const kept = urls.find((url) => url.includes('#token='));
    expect(kept, urls.join('\n')).toBe(link);
    expect(await claimFromElsewhere(site.origin, new URL(kept!).hash.slice('#token='.length))).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'invalid_sign_in_link' }),
    });
  });

  test('a new device joins by a link asked for by address, and the lost one is removed from the list: its browser is signed out at once', async ({
    inboxSite: site,
    lead,
    operatorBrowser,
  }) => {
    const email = 'owner@example.com';
    const laptop = await operatorBrowser();
    await registerFromLink(laptop.page, await lead.invite(email));

    const phone = await operatorBrowser();
    await phone.page.goto(site.origin + adminPages.signIn);
    await phone.page.getByLabel('Your work e-mail address').fill(email);
    await phone.page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
    await phone.page.getByText('If this address belongs to an operator').waitFor();
    await registerFromLink(phone.page, await site.mailedLink(email, 2));
    await expect
      .poll(
        () =>
          site.sink.mails.filter(
            (mail) => mail.to.includes(email) && mail.raw.includes('A passkey was added'),
          ).length,
      )
      .toBe(2);

    await phone.page.getByRole('link', { name: /Your name and passkeys/ }).click();
    await phone.page.getByRole('heading', { name: 'Your name and passkeys', level: 1 }).waitFor();
    const items = phone.page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.nth(1).textContent()).toContain('This session');
    await expectNoAxeViolations(phone.page, 'the passkeys page');

    await phone.page
      .getByRole('button', { name: /^Rename/ })
      .first()
      .click();
    const passkeyList = phone.page.getByRole('list', { name: 'Passkeys' });
    await passkeyList.getByRole('textbox').fill('Old laptop');
    await passkeyList.getByRole('button', { name: 'Save' }).click();
    await phone.page.getByText('Renamed to “Old laptop”.').waitFor();

    await phone.page.getByRole('button', { name: 'Remove Old laptop' }).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Remove this passkey?' });
    expect(await dialog.textContent()).toContain('every session it started ends at once');
    await expectNoAxeViolations(phone.page, 'the remove confirmation');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await phone.page.getByText('“Old laptop” is removed').waitFor();
    await expect.poll(() => items.count()).toBe(1);

    await laptop.page.getByRole('link', { name: 'Audit log' }).click();
    await signInPage(laptop.page).waitFor();
    await signInPage(laptop.page).click();
    await laptop.page.getByText('The passkey could not be verified.').waitFor();
  });
});
