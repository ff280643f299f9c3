import { describe, expect } from 'vitest';
import { CONTACT_API_PATH, formFieldNames, languages, localizedPath } from '@site/api-contract';
import { copyFor } from '../apps/web/app/content/copy';
import { pagePath, paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { axeViolations } from './support/axe';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';

const routesIn = (language: (typeof languages)[number]) => [
  ...[paths.home, paths.contact, paths.privacy, paths.terms, paths.messageSent].map((path) =>
    pagePath(language, path),
  ),
  localizedPath(language, NO_SUCH_PAGE),
];

describe('axe-core finds no accessibility violation', () => {
  for (const language of languages)
    for (const width of [375, 1280])
      test(`on every route in ${language} at ${width} px, light and dark`, async ({ openPage }) => {
        const { page } = await openPage({ viewport: { width, height: 800 } });
        for (const path of routesIn(language)) {
          await page.goto(baseUrl() + path);
          await waitForApp(page);
          // One load, both themes: the theme is the system's setting, which the page follows as it changes.
          for (const colorScheme of ['light', 'dark'] as const) {
            await page.emulateMedia({ colorScheme });
            expect(await axeViolations(page), `${path} at ${width}px, ${colorScheme}`).toEqual([]);
          }
        }
      });

  for (const language of languages)
    for (const colorScheme of ['light', 'dark'] as const)
      test(`in the contact form's states (invalid fields, failure and success banners), ${language}, ${colorScheme}`, async ({
        openPage,
      }) => {
        const text = copyFor(language).contactForm;
        for (const width of [375, 1280]) {
          const { page } = await openPage({ viewport: { width, height: 800 }, colorScheme });
          const send = () => page.getByRole('button', { name: text.full.send }).click();
          await page.goto(baseUrl() + pagePath(language, paths.contact));
          await waitForApp(page);
          await page.getByPlaceholder(text.placeholders.email).fill('not-an-address');
          await send();
          await page.getByText(text.errors.email).waitFor();
          expect(await axeViolations(page), `invalid fields at ${width}px, ${colorScheme}`).toEqual([]);

          await page.getByPlaceholder(text.placeholders.name).fill('Jane Doe');
          await page
            .getByPlaceholder(text.placeholders.email)
            .fill(`states-${colorScheme}-${width}@example.com`);
          await page.getByPlaceholder(text.placeholders.subject).fill('Colours');
          await page.getByPlaceholder(text.placeholders.message).fill('Checking both themes.');
          // The only way to make the real server fail this request on demand.
          await page.route(`**${CONTACT_API_PATH}`, (route) => route.fulfill({ status: 503, body: '' }));
          await send();
          await page.getByText(text.failure).waitFor();
          await page.locator('.loading-overlay').waitFor({ state: 'detached' });
          expect(await axeViolations(page), `failure banner at ${width}px, ${colorScheme}`).toEqual([]);
          await page.unroute(`**${CONTACT_API_PATH}`);
          await send();
          await page.getByText(text.full.success).waitFor();
          expect(await axeViolations(page), `success banner at ${width}px, ${colorScheme}`).toEqual([]);
        }
      });

  test.for(languages)(
    'on a page the server renders itself (a form post it refuses), in %s, light and dark',
    async (language, { openPage }) => {
      // What a browser without JavaScript gets when the form's site key is missing.
      const refused = await fetch(baseUrl() + CONTACT_API_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl() },
        body: new URLSearchParams({
          name: 'Jane',
          email: 'jane@example.com',
          subject: 'Hi',
          message: 'Hello',
          [formFieldNames.language]: language,
        }),
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      const html = await refused.text();
      expect(html).toContain('<main>');
      expect(html).toContain(`<html lang="${language}">`);
      for (const colorScheme of ['light', 'dark'] as const)
        for (const width of [375, 1280]) {
          const { page } = await openPage({ viewport: { width, height: 800 }, colorScheme });
          await page.goto(baseUrl() + paths.home);
          await page.setContent(html);
          expect(await axeViolations(page), `${refused.status} page at ${width}px, ${colorScheme}`).toEqual(
            [],
          );
        }
    },
  );
});
