import { type AddressInfo, createServer } from 'node:net';
import type { Page, Request } from 'playwright-core';
import { describe, expect, onTestFinished } from 'vitest';
import {
  CONTACT_API_PATH,
  SITE_KEY_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from '@site/api-contract';
import { SEND_DEADLINE_MS } from '../apps/web/app/contact/contact-client';
import { brand } from '../apps/web/app/content/brand';
import { paths } from '../apps/web/app/paths';
import { axeViolations } from './support/axe';
import { baseUrl, laterRequestAnswered, waitForApp, waitForIsland } from './support/browser';
import { test } from './support/fixtures';
import { storedMessagesFrom } from './support/stored-messages';

const unique = (label: string) =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
const apiRequests = (page: Page) => {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(CONTACT_API_PATH)) seen.push(request);
  });
  return seen;
};

describe('sending a message', () => {
  test('the full form on /contact stores the message, then shows the green banner and EMAIL SENT', async ({
    openPage,
  }) => {
    const { page, problems } = await openPage();
    const requests = apiRequests(page);
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    const email = unique('full');
    await page.getByPlaceholder('Your Name').fill('Jane Doe');
    await page.getByPlaceholder('Your Email').fill(email);
    await page.getByPlaceholder('Subject').fill('White-label partnership');
    await page.getByPlaceholder('Message').fill('We would like to resell the CRM.');
    await page.getByLabel('Send me news and offers by e-mail').check();
    expect(await page.locator('#contact-message').getAttribute('rows')).toBe('6');
    await page.getByRole('button', { name: 'SEND' }).click();
    await page.getByText('Email sent successfully').waitFor();
    const sentButton = page.getByRole('button', { name: 'EMAIL SENT' });
    expect(await sentButton.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'SEND', exact: true }).count()).toBe(0);

    const [request] = requests;
    const headers = await request!.allHeaders();
    expect(headers['content-type']).toBe('application/json');
    expect(headers[SITE_KEY_HEADER]).toBe(brand.siteKey);
    const cookie = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE);
    expect(headers[XSRF_HEADER]).toBe(cookie?.value);
    expect(request!.postDataJSON()).toMatchObject({
      name: 'Jane Doe',
      email,
      marketingConsent: true,
      website: '',
    });

    expect(storedMessagesFrom(email)).toEqual([
      expect.objectContaining({
        name: 'Jane Doe',
        subject: 'White-label partnership',
        message: 'We would like to resell the CRM.',
        marketing_consent: 1,
        spam: 0,
      }),
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('the compact form on the landing page derives the subject from the name', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto(`${baseUrl()}/#contact`);
    await waitForApp(page);
    await waitForIsland(page, 'compact-form');
    const email = unique('compact');
    const form = page.locator('#contact form');
    expect(await form.getByPlaceholder('Subject').count()).toBe(0);
    await form.getByPlaceholder('Your Name').fill('Andreas');
    await form.getByPlaceholder('Your Email').fill(email);
    await form.getByPlaceholder('Message').fill('Please call me about the SMS platform.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Your message has been sent. Thank you!').waitFor();
    expect(await form.getByRole('button', { name: 'Message Sent' }).isDisabled()).toBe(true);
    expect(storedMessagesFrom(email)).toEqual([
      expect.objectContaining({ subject: `Andreas - Contact ${brand.name}`, marketing_consent: 0 }),
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a visitor whose XSRF cookie another site emptied can still send', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    // What a page able to plant cookies here (a sibling subdomain, a plain-http answer) can do.
    await page.context().addCookies([{ name: XSRF_COOKIE, value: '', url: baseUrl() }]);
    const email = unique('emptied');
    await page.getByPlaceholder('Your Name').fill('Jane Doe');
    await page.getByPlaceholder('Your Email').fill(email);
    await page.getByPlaceholder('Subject').fill('Emptied cookie');
    await page.getByPlaceholder('Message').fill('Sent all the same.');
    await page.getByRole('button', { name: 'SEND' }).click();
    const banner = page.getByText(/Email sent successfully|Could not send email/);
    await banner.waitFor();
    expect(await banner.innerText()).toContain('Email sent successfully');
    expect(storedMessagesFrom(email)).toHaveLength(1);
    const cookie = (await page.context().cookies()).find((c) => c.name === XSRF_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]{43}\.[0-9a-z]+\.[\w-]{43}$/);
  });

  test('an invalid submit sends nothing, outlines the invalid fields in red and focuses the first', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    // A send starts with the token's request, at the click: that is the one a later request comes after.
    const requests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === XSRF_TOKEN_PATH || path === CONTACT_API_PATH) requests.push(path);
    });
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    // The script has taken over the checks from the browser (which does them without JavaScript).
    expect(await page.locator('form.contact-form').getAttribute('novalidate')).not.toBeNull();
    await page.getByPlaceholder('Your Email').fill('not-an-address');
    await page.getByRole('button', { name: 'SEND' }).click();
    for (const id of ['contact-name', 'contact-email', 'contact-subject', 'contact-message']) {
      const field = page.locator(`#${id}`);
      expect(await field.getAttribute('aria-invalid'), id).toBe('true');
      expect(await field.evaluate((el) => getComputedStyle(el).borderTopColor), id).toBe('rgb(180, 35, 24)');
    }
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(await page.getByText('Please enter a valid e-mail address.').isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await laterRequestAnswered(page);
    expect(requests).toHaveLength(0);
  });

  test('a failed request shows the red banner, keeps SEND, and a retry succeeds', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    // The only way to make the real server fail this request on demand.
    await page.route(`**${CONTACT_API_PATH}`, (route) => route.fulfill({ status: 503, body: '' }));
    const email = unique('retry');
    await page.getByPlaceholder('Your Name').fill('Jane Doe');
    await page.getByPlaceholder('Your Email').fill(email);
    await page.getByPlaceholder('Subject').fill('Retry');
    await page.getByPlaceholder('Message').fill('Second time lucky.');
    await page.getByRole('button', { name: 'SEND' }).click();
    await page.getByText('Could not send email').waitFor();
    await page.locator('.loading-overlay').waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    expect(storedMessagesFrom(email)).toHaveLength(0);

    await page.unroute(`**${CONTACT_API_PATH}`);
    await page.getByRole('button', { name: 'SEND' }).click();
    await page.getByText('Email sent successfully').waitFor();
    expect(await page.getByText('Could not send email').count()).toBe(0);
    expect(storedMessagesFrom(email)).toHaveLength(1);
  });

  test('a send that gets no answer gives up at the deadline: red banner, spinner gone, SEND again', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    // A server that accepts the connection and never answers.
    const hung = createServer(() => {});
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void hung.close());
    const { port } = hung.address() as AddressInfo;
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    await page.clock.install();
    await page.route(`**${CONTACT_API_PATH}`, (route) =>
      route.continue({ url: `http://127.0.0.1:${port}${CONTACT_API_PATH}` }),
    );
    await page.getByPlaceholder('Your Name').fill('Jane Doe');
    await page.getByPlaceholder('Your Email').fill(unique('hang'));
    await page.getByPlaceholder('Subject').fill('Hanging');
    await page.getByPlaceholder('Message').fill('Nobody answers.');
    await page.getByRole('button', { name: 'SEND' }).click();
    const overlay = page.getByRole('status').filter({ hasText: 'Sending your message...' });
    await overlay.waitFor({ state: 'visible' });
    await page.clock.runFor(SEND_DEADLINE_MS - 1000);
    expect(await overlay.isVisible()).toBe(true);
    expect(await page.getByText('Could not send email').count()).toBe(0);
    await page.clock.runFor(1000);
    await page.getByText('Could not send email').waitFor();
    await page.clock.runFor(1000);
    await overlay.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'SEND' }).isEnabled()).toBe(true);
  });

  test('shows the spinner overlay while the message is on its way', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto(baseUrl() + paths.contact);
    await waitForApp(page);
    // Released whether or not the post has reached the route yet: the overlay shows before the form
    // fetches its XSRF token, and on a loaded machine the post can come after the overlay is seen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${CONTACT_API_PATH}`, async (route) => {
      await released;
      await route.continue();
    });
    await page.getByPlaceholder('Your Name').fill('Jane Doe');
    await page.getByPlaceholder('Your Email').fill(unique('spinner'));
    await page.getByPlaceholder('Subject').fill('Spinner');
    await page.getByPlaceholder('Message').fill('Wait for it.');
    await page.getByRole('button', { name: 'SEND' }).click();
    const overlay = page.getByRole('status').filter({ hasText: 'Sending your message...' });
    await overlay.waitFor({ state: 'visible' });
    expect(await overlay.evaluate((el) => getComputedStyle(el).zIndex)).toBe('99999');
    release();
    await page.getByText('Email sent successfully').waitFor();
    await overlay.waitFor({ state: 'detached' });
  });

  test('the call to contact in Solutions leads to the full form', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto(baseUrl());
    await waitForApp(page);
    await page.locator('#solutions').getByRole('link', { name: 'Write to us' }).click();
    await page.waitForURL(`**${paths.contact}`);
    expect(await page.locator('h1').innerText()).toBe('Send us a message');
  });
});
