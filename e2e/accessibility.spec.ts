import { describe, expect } from 'vitest';
import { CONTACT_API_PATH } from '@site/api-contract';
import { paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { axeViolations } from './support/axe';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';

const routes = [paths.home, paths.contact, paths.privacy, paths.terms, paths.messageSent, NO_SUCH_PAGE];

describe('axe-core finds no accessibility violation', () => {
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [375, 1280]) {
      test(`on every route at ${width} px, ${colorScheme}`, async ({ openPage }) => {
        const { page } = await openPage({ viewport: { width, height: 800 }, colorScheme });
        for (const path of routes) {
          await page.goto(baseUrl() + path);
          await waitForApp(page);
          expect(await axeViolations(page), `${path} at ${width}px, ${colorScheme}`).toEqual([]);
        }
      });
    }

  for (const colorScheme of ['light', 'dark'] as const)
    test(`in the contact form's states (invalid fields, failure and success banners), ${colorScheme}`, async ({
      openPage,
    }) => {
      for (const width of [375, 1280]) {
        const { page } = await openPage({ viewport: { width, height: 800 }, colorScheme });
        await page.goto(baseUrl() + paths.contact);
        await waitForApp(page);
        await page.getByPlaceholder('Your Email').fill('not-an-address');
        await page.getByRole('button', { name: 'SEND' }).click();
        await page.getByText('Please enter a valid e-mail address.').waitFor();
        expect(await axeViolations(page), `invalid fields at ${width}px, ${colorScheme}`).toEqual([]);

        await page.getByPlaceholder('Your Name').fill('Jane Doe');
        await page.getByPlaceholder('Your Email').fill(`states-${colorScheme}-${width}@example.com`);
        await page.getByPlaceholder('Subject').fill('Colours');
        await page.getByPlaceholder('Message').fill('Checking both themes.');
        // The only way to make the real server fail this request on demand.
        await page.route(`**${CONTACT_API_PATH}`, (route) => route.fulfill({ status: 503, body: '' }));
        await page.getByRole('button', { name: 'SEND' }).click();
        await page.getByText('Could not send email').waitFor();
        await page.locator('.loading-overlay').waitFor({ state: 'detached' });
        expect(await axeViolations(page), `failure banner at ${width}px, ${colorScheme}`).toEqual([]);
        await page.unroute(`**${CONTACT_API_PATH}`);
        await page.getByRole('button', { name: 'SEND' }).click();
        await page.getByText('Email sent successfully').waitFor();
        expect(await axeViolations(page), `success banner at ${width}px, ${colorScheme}`).toEqual([]);
      }
    });

  test('on a page the server renders itself (a form post it refuses), light and dark', async ({
    openPage,
  }) => {
    // What a browser without JavaScript gets when the form's token is missing.
    const refused = await fetch(baseUrl() + CONTACT_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl() },
      body: new URLSearchParams({ name: 'Jane', email: 'jane@example.com', subject: 'Hi', message: 'Hello' }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const html = await refused.text();
    expect(html).toContain('<main>');
    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [375, 1280]) {
        const { page } = await openPage({ viewport: { width, height: 800 }, colorScheme });
        await page.goto(baseUrl() + paths.home);
        await page.setContent(html);
        expect(await axeViolations(page), `${refused.status} page at ${width}px, ${colorScheme}`).toEqual([]);
      }
  });
});
