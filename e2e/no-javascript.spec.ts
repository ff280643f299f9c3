import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CONTACT_API_PATH } from '@site/api-contract';
import { brand } from '../apps/web/app/content/brand';
import { copyFor } from '../apps/web/app/content/copy';
import { pagePath, paths } from '../apps/web/app/paths';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';
import { storedMessagesFrom } from './support/stored-messages';

const unique = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Every URL the page visits or fetches, to prove no typed text ever lands in one. */
function urlsSeen(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

const expectNoneContain = (urls: string[], typed: string[]) => {
  for (const url of urls) for (const text of typed) expect(decodeURIComponent(url)).not.toContain(text);
};

describe('sending a message with JavaScript off', () => {
  test('the full form on /contact stores the message and shows the thank-you page', async ({ openPage }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    const urls = urlsSeen(page);
    await page.goto(baseUrl() + paths.contact);
    const email = unique('nojs-full');
    await page.getByPlaceholder('Your Name').fill('Nikos Georgiou');
    await page.getByPlaceholder('Your Email').fill(email);
    await page.getByPlaceholder('Subject').fill('SMS platform');
    await page.getByPlaceholder('Message').fill('Please call me about bulk SMS.');
    await page.getByLabel('Send me news and offers by e-mail').check();
    await page.getByRole('button', { name: 'SEND' }).click();
    await page.waitForURL(`**${paths.messageSent}`);
    expect(await page.locator('h1').innerText()).toBe('Email sent successfully');
    expect(await page.getByText('Your message has been sent. Thank you!').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(storedMessagesFrom(email)).toEqual([
      expect.objectContaining({
        name: 'Nikos Georgiou',
        subject: 'SMS platform',
        message: 'Please call me about bulk SMS.',
        marketing_consent: 1,
        spam: 0,
      }),
    ]);
    expectNoneContain(urls, ['Nikos', email, 'bulk SMS', 'SMS platform']);
  });

  test('the compact form on the landing page derives the subject from the name', async ({ openPage }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    const urls = urlsSeen(page);
    await page.goto(baseUrl());
    const email = unique('nojs-compact');
    const form = page.locator('#contact form');
    await form.getByPlaceholder('Your Name').fill('Maria Ioannou');
    await form.getByPlaceholder('Your Email').fill(email);
    await form.getByPlaceholder('Message').fill('Interested in the CRM.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`**${paths.messageSent}`);
    expect(storedMessagesFrom(email)).toEqual([
      expect.objectContaining({ subject: `Maria Ioannou - Contact ${brand.name}`, marketing_consent: 0 }),
    ]);
    expectNoneContain(urls, ['Maria', email, 'Interested']);
  });

  test('the Greek compact form stores a Greek message, its subject in Greek, and shows the Greek thank-you page', async ({
    openPage,
  }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    const urls = urlsSeen(page);
    await page.goto(baseUrl() + pagePath('el', paths.home));
    const text = copyFor('el').contactForm;
    const email = unique('nojs-greek');
    const form = page.locator('#contact form');
    await form.getByPlaceholder(text.placeholders.name).fill('Ελένη Κωνσταντίνου');
    await form.getByPlaceholder(text.placeholders.email).fill(email);
    await form.getByPlaceholder(text.placeholders.message).fill('Ενδιαφέρομαι για την πλατφόρμα SMS.');
    await form.getByRole('button', { name: text.compact.send }).click();
    await page.waitForURL(`**${pagePath('el', paths.messageSent)}`);
    expect(await page.locator('h1').innerText()).toBe(copyFor('el').contactPage.sent.title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    expect(storedMessagesFrom(email)).toEqual([
      expect.objectContaining({
        name: 'Ελένη Κωνσταντίνου',
        subject: `Ελένη Κωνσταντίνου - Επικοινωνία με την ${brand.name}`,
        language: 'el',
        spam: 0,
      }),
    ]);
    expectNoneContain(urls, ['Ελένη', email, 'Ενδιαφέρομαι']);
  });

  test('the browser checks the fields itself: an empty or malformed form is not sent', async ({
    openPage,
  }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    const urls = urlsSeen(page);
    await page.goto(baseUrl() + paths.contact);
    await page.getByPlaceholder('Your Email').fill('not-an-address');
    await page.getByRole('button', { name: 'SEND' }).click();
    // Refusing the submit, the browser takes the visitor to the first field it found wrong.
    await page.locator('#contact-name:focus').waitFor();
    expect(new URL(page.url()).pathname).toBe(paths.contact);
    expect(urls.filter((url) => url.includes('/api/'))).toEqual([]);
    expect(
      await page.locator('#contact-name').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    expect(
      await page.locator('#contact-email').evaluate((input: HTMLInputElement) => input.validity.typeMismatch),
    ).toBe(true);
  });

  test('input the browser lets through but the server refuses gets a page naming the field; Back keeps what was typed', async ({
    openPage,
  }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    const urls = urlsSeen(page);
    await page.goto(baseUrl() + paths.contact);
    const email = unique('nojs-invalid');
    await page.getByPlaceholder('Your Name').fill('   ');
    await page.getByPlaceholder('Your Email').fill(email);
    await page.getByPlaceholder('Subject').fill('Blank name');
    await page.getByPlaceholder('Message').fill('My name is only spaces.');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(CONTACT_API_PATH)),
      page.getByRole('button', { name: 'SEND' }).click(),
    ]);
    expect(response.status()).toBe(400);
    expect(await page.locator('h1').innerText()).toBe('Your message was not sent');
    expect(await page.locator('li').innerText()).toBe('Name: Please enter your name.');
    expect(await page.getByRole('link', { name: 'open the form again' }).getAttribute('href')).toBe(
      `${paths.contact}#contact`,
    );
    expect(storedMessagesFrom(email)).toEqual([]);

    await page.goBack();
    expect(await page.getByPlaceholder('Your Email').inputValue()).toBe(email);
    expect(await page.getByPlaceholder('Message').inputValue()).toBe('My name is only spaces.');
    await page.getByPlaceholder('Your Name').fill('Eleni');
    await page.getByRole('button', { name: 'SEND' }).click();
    await page.waitForURL(`**${paths.messageSent}`);
    expect(storedMessagesFrom(email)).toEqual([expect.objectContaining({ name: 'Eleni' })]);
    expectNoneContain(urls, ['Eleni', email, 'only spaces']);
  });
});

describe('sending a message before the scripts arrive', () => {
  test('a form submitted while the scripts are still loading (or failed) is posted by the browser', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    // Scripts that never arrive: the page stays as prerendered, as it is for a quick visitor.
    await page.route('**/assets/*.js', () => {});
    await page.goto(baseUrl() + paths.contact, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('form.contact-form').getAttribute('novalidate')).toBeNull();
    const email = unique('early');
    await page.getByPlaceholder('Your Name').fill('Early Bird');
    await page.getByPlaceholder('Your Email').fill(email);
    await page.getByPlaceholder('Subject').fill('Quick');
    await page.getByPlaceholder('Message').fill('Sent before the scripts.');
    // Until its island hydrates the form is plain HTML: Enter in a field submits it.
    await page.getByPlaceholder('Subject').press('Enter');
    await page.waitForURL(`**${paths.messageSent}`);
    expect(storedMessagesFrom(email)).toHaveLength(1);
  });

  test('what a quick visitor typed before the scripts started is kept and sent once they run', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(baseUrl() + paths.contact, { waitUntil: 'domcontentloaded' });
    const email = unique('quick');
    await page.getByPlaceholder('Your Name').fill('Quick Typist');
    await page.getByPlaceholder('Your Email').fill(email);
    // Ticked before the form's island hydrates, and kept by it.
    await page.getByLabel('Send me news and offers by e-mail').press('Space');
    release();
    await waitForApp(page);
    await page.getByPlaceholder('Subject').fill('Typed early');
    await page.getByPlaceholder('Message').fill('The first two fields were typed before hydration.');
    await page.getByRole('button', { name: 'SEND' }).click();
    await page.getByText('Email sent successfully').waitFor();
    expect(storedMessagesFrom(email)).toEqual([
      expect.objectContaining({ name: 'Quick Typist', subject: 'Typed early', marketing_consent: 1 }),
    ]);
  });
});
