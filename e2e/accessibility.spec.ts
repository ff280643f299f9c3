// Every route's own check, at 375 and 1280 px in light and dark, runs on the overflow spec's load of
// that route at that width (screenshots.spec.ts); here: the states a route shows only after input.
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CONTACT_API_PATH, formFieldNames, languages } from '@site/api-contract';
import { copyFor } from '../apps/web/app/content/copy';
import { generatedFiles, pagePath, paths } from '../apps/web/app/paths';
import { axeViolations } from './support/axe';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';

/** axe-core's violations in light and in dark: the page follows the system's theme as it changes. */
async function violationsInBothThemes(page: Page, label: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), `${label}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('axe-core finds no accessibility violation', () => {
  test.for(languages.flatMap((language) => [375, 1280].map((width) => [language, width] as const)))(
    "in the contact form's states (invalid fields, failure and success banners), %s at %i px, light and dark",
    async ([language, width], { openPage }) => {
      const text = copyFor(language).contactForm;
      const { page } = await openPage({ viewport: { width, height: 800 } });
      const send = () => page.getByRole('button', { name: text.full.send }).click();
      await page.goto(baseUrl() + pagePath(language, paths.contact));
      await waitForApp(page);
      await page.getByPlaceholder(text.placeholders.email).fill('not-an-address');
      await send();
      await page.getByText(text.errors.email).waitFor();
      await violationsInBothThemes(page, `invalid fields at ${width}px`);

      await page.getByPlaceholder(text.placeholders.name).fill('Jane Doe');
      await page.getByPlaceholder(text.placeholders.email).fill(`states-${language}-${width}@example.com`);
      await page.getByPlaceholder(text.placeholders.subject).fill('Colours');
      await page.getByPlaceholder(text.placeholders.message).fill('Checking both themes.');
      // The only way to make the real server fail this request on demand.
      await page.route(`**${CONTACT_API_PATH}`, (route) => route.fulfill({ status: 503, body: '' }));
      await send();
      await page.getByText(text.failure).waitFor();
      await page.locator('.loading-overlay').waitFor({ state: 'detached' });
      await violationsInBothThemes(page, `failure banner at ${width}px`);
      await page.unroute(`**${CONTACT_API_PATH}`);
      await send();
      await page.getByText(text.full.success).waitFor();
      await violationsInBothThemes(page, `success banner at ${width}px`);
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
      // Any answer of the site gives the page its origin, so that the refused page's styles load.
      await page.goto(baseUrl() + generatedFiles.robots);
      await page.setContent(html);
      // A page without scripts: a new width is laid out again, as a resized window is.
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await violationsInBothThemes(page, `${refused.status} page at ${width}px`);
      }
    },
  );
});
