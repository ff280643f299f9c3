import { languageOfPath, localizedPath } from '@site/api-contract';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { copyFor } from '../apps/web/app/content/copy';
import { pagePath, paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { baseUrl, islandsInViewHydrated, waitForApp } from './support/browser';
import { test } from './support/fixtures';
import { expectFontsOf, fontRequests } from './support/fonts';

const routes = [
  {
    path: paths.home,
    status: 200,
    h1: 'Maximize your ROI!',
    h2: ['B2B Internet Marketing Solutions', 'Contact Us'],
  },
  {
    path: paths.privacy,
    status: 200,
    h1: 'Privacy Policy',
    h2: ['Collection of Information', 'Legal Disclaimer'],
  },
  { path: paths.terms, status: 200, h1: 'Terms of Use', h2: ['General', 'Miscellaneous'] },
  { path: NO_SUCH_PAGE, status: 404, h1: 'Page not found', h2: [] },
  ...greekRoutes(),
];

/** The Greek pages, with the headings their copy gives them. */
function greekRoutes() {
  const { landing, privacy, terms, site, contactSection } = copyFor('el');
  const legal = (page: typeof privacy) => [page.sections[0]!.heading, page.sections.at(-1)!.heading];
  return [
    {
      path: pagePath('el', paths.home),
      status: 200,
      h1: landing.hero.title,
      h2: [landing.about.title, contactSection.title],
    },
    { path: pagePath('el', paths.privacy), status: 200, h1: privacy.title, h2: legal(privacy) },
    { path: pagePath('el', paths.terms), status: 200, h1: terms.title, h2: legal(terms) },
    { path: localizedPath('el', NO_SUCH_PAGE), status: 404, h1: site.notFound.title, h2: [] },
  ];
}

/** The landing page, loaded once and started for the file's tests that only read it. */
const it = test.extend<{ $file: { landingPage: Page } }>({
  landingPage: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(baseUrl());
      await waitForApp(page);
      await use(page);
      await context.close();
    },
    { scope: 'file' },
  ],
});

describe('every route in Chromium', () => {
  for (const route of routes) {
    test(`${route.path} answers ${route.status}, is drawn before any script is fetched, removes its loading overlay once started, shows its headings, logs no error, calls no other host and draws its text in its font subsets, fetching no other font`, async ({
      openPage,
    }) => {
      const { page, problems } = await openPage();
      const fonts = fontRequests(page);
      const response = await page.goto(baseUrl() + route.path);
      expect(response?.status()).toBe(route.status);
      await waitForApp(page);
      // Scripts never delay the first paint.
      const timing = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scriptStarts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => entry.startTime),
      }));
      expect(timing.firstPaint).toBeGreaterThan(0);
      expect(Math.min(...timing.scriptStarts)).toBeGreaterThanOrEqual(timing.firstPaint!);
      expect(await page.locator('.loading-overlay').count()).toBe(0);
      expect(await page.locator('h1').innerText()).toBe(route.h1);
      const h2s = await page.locator('h2').allInnerTexts();
      for (const heading of route.h2) expect(h2s).toContain(heading);
      await page.mouse.wheel(0, 4000);
      await islandsInViewHydrated(page);
      // Chromium reports the page's own 404 status as a console error; nothing else may appear.
      const ownStatus = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
      expect(problems.consoleErrors).toEqual(route.status === 404 ? [ownStatus] : []);
      expect(problems.foreignRequests).toEqual([]);
      await expectFontsOf(page, languageOfPath(route.path), fonts);
    });
  }

  it('the landing page has every section in the specified order, and nothing on it moves on its own for more than 5 s', async ({
    landingPage: page,
  }) => {
    // WCAG 2.2.2: what moves by itself stops within 5 s (an endless one ends at Infinity).
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter(
          (animation) => !(((animation.effect?.getComputedTiming().endTime ?? Infinity) as number) <= 5000),
        )
        .map((animation) => (animation as CSSAnimation).animationName),
    );
    expect(endless).toEqual([]);
    const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(['top', 'about', 'solutions', 'support', 'future', 'white-label', 'contact']);
    const text = await page.locator('main').innerText();
    for (const product of ['Website Builder', 'Link Tracking', 'SMS Platform', 'CRM'])
      expect(text).toContain(product);
    for (const heading of ["We've got you covered", 'Embracing the Future', 'White Label']) {
      expect(text).toContain(heading);
    }
  });

  test('pages are readable with JavaScript off: text present, no loading overlay, menu links visible', async ({
    openPage,
  }) => {
    const { page } = await openPage({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
    });
    for (const route of routes) {
      await page.goto(baseUrl() + route.path);
      expect(await page.locator('h1').innerText()).toBe(route.h1);
      expect(await page.locator('.loading-overlay').isVisible()).toBe(false);
      const contactLabel = copyFor(languageOfPath(route.path)).navigation.labels.contact;
      expect(await page.getByRole('link', { name: contactLabel, exact: true }).isVisible()).toBe(true);
    }
    await page.goto(baseUrl());
    expect(await page.getByText('Quantum computing').isVisible()).toBe(true);
  });

  test('shows the loading overlay in the served page (each route above checks that it is gone once started)', async () => {
    const html = await (await fetch(baseUrl())).text();
    expect(html).toMatch(/class="loading-overlay"[^>]*>.*Loading\.\.\./s);
  });

  it('the footer shows the company, the Limassol address, the e-mail and the current year', async ({
    landingPage: page,
  }) => {
    const footer = await page.locator('footer').innerText();
    expect(footer).toContain('Limassol');
    expect(footer).toContain(`© ${new Date().getFullYear()} `);
    const mail = page.locator('footer a[href^="mailto:"]');
    expect(await mail.getAttribute('href')).toBe(`mailto:${await mail.innerText()}`);
  });
});
