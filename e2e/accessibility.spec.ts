import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CONTACT_API_PATH, formFieldNames, languages, localizedPath } from '@site/api-contract';
import { copyFor } from '../apps/web/app/content/copy';
import { pagePath, paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { axeViolations } from './support/axe';
import { baseUrl, twoFrames, waitForApp } from './support/browser';
import { test } from './support/fixtures';

const routesIn = (language: (typeof languages)[number]) => [
  ...[paths.home, paths.contact, paths.privacy, paths.terms, paths.messageSent].map((path) =>
    pagePath(language, path),
  ),
  localizedPath(language, NO_SUCH_PAGE),
];

/** The widths axe checks at: a phone's and a desktop window's. */
const widths = [375, 1280];

/**
 * axe on the page as it is now at each width and in each theme. One load serves them all: the window
 * is resized as a window is, and the theme is the system's setting, which the page follows as it changes.
 */
async function expectNoViolations(page: Page, where: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await twoFrames(page);
      expect(await axeViolations(page), `${where} at ${width}px, ${colorScheme}`).toEqual([]);
    }
  }
}

describe('axe-core finds no accessibility violation', () => {
  test.for(languages.flatMap(routesIn))(
    'on %s at 375 and 1280 px, light and dark',
    async (path, { openPage }) => {
      const { page } = await openPage();
      await page.goto(baseUrl() + path);
      await waitForApp(page);
      await expectNoViolations(page, path);
    },
  );

  test.for(languages)(
    "in the contact form's states (invalid fields, failure and success banners), %s, at 375 and 1280 px, light and dark",
    async (language, { openPage }) => {
      const text = copyFor(language).contactForm;
      const { page } = await openPage();
      const send = () => page.getByRole('button', { name: text.full.send }).click();
      await page.goto(baseUrl() + pagePath(language, paths.contact));
      await waitForApp(page);
      await page.getByPlaceholder(text.placeholders.email).fill('not-an-address');
      await send();
      await page.getByText(text.errors.email).waitFor();
      await expectNoViolations(page, 'invalid fields');

      await page.getByPlaceholder(text.placeholders.name).fill('Jane Doe');
      await page.getByPlaceholder(text.placeholders.email).fill(`states-${language}@example.com`);
      await page.getByPlaceholder(text.placeholders.subject).fill('Colours');
      await page.getByPlaceholder(text.placeholders.message).fill('Checking both themes.');
      // The only way to make the real server fail this request on demand.
      await page.route(`**${CONTACT_API_PATH}`, (route) => route.fulfill({ status: 503, body: '' }));
      await send();
      await page.getByText(text.failure).waitFor();
      await page.locator('.loading-overlay').waitFor({ state: 'detached' });
      await expectNoViolations(page, 'failure banner');
      await page.unroute(`**${CONTACT_API_PATH}`);
      await send();
      await page.getByText(text.full.success).waitFor();
      await expectNoViolations(page, 'success banner');
    },
  );

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
      const { page } = await openPage();
      await page.goto(baseUrl() + paths.home);
      await page.setContent(html);
      await expectNoViolations(page, `${refused.status} page`);
    },
  );
});
