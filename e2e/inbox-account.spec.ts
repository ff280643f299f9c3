import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { adminApiPaths, adminPages, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract';
import { test } from './support/fixtures';
import { registerFromLink } from './support/inbox-site';
import { expectNoAxeViolations } from './support/operator-browser';

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

describe('an operator’s own passkeys in the inbox', () => {
  test('a link opened but not used leaves a dead token in the browser’s history', async ({
    inboxSite: site,
    chromiumProfile,
  }) => {
    const link = await site.invite('history@example.com');
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
    operatorBrowser,
  }) => {
    const email = 'owner@example.com';
    const laptop = await operatorBrowser();
    await registerFromLink(laptop.page, await site.invite(email));

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
