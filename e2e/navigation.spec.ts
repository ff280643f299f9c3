import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { copyFor } from '../apps/web/app/content/copy';
import { pagePath, paths } from '../apps/web/app/paths';
import { baseUrl, twoFrames, waitForApp, waitForIsland } from './support/browser';
import { test } from './support/fixtures';

const sections = ['top', 'about', 'solutions', 'white-label', 'contact'];

const topOf = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);

/** Waits for (smooth) scrolling to bring the section's top to 60 px (±2) below the viewport top. */
async function expectSectionAtOffset(page: Page, id: string) {
  const reached = await page
    .waitForFunction(
      (sectionId) => Math.abs(document.getElementById(sectionId)!.getBoundingClientRect().top - 60) <= 2,
      id,
      { timeout: 5000 },
    )
    .then(() => true)
    .catch(() => false);
  expect(reached, `#${id} top at ${await topOf(page, id)}px, expected 60 px`).toBe(true);
}

/** Whether the header's menu (a popover) is open. */
const menuOpen = (page: Page) => page.locator('#site-menu').evaluate((menu) => menu.matches(':popover-open'));

describe('getting around the landing page', () => {
  test('on one load: each header link brings its section to 60 px below the top and marks the link active; the logo and "Get Started" lead to the top and to About; a product illustration opens in a lightbox that Escape closes; footer links open the legal pages in a new tab', async ({
    openPage,
  }) => {
    const { page } = await openPage();
    await page.goto(baseUrl());
    await waitForApp(page);
    for (const id of [...sections].reverse()) {
      await page.locator(`.site-nav a[href="#${id}"]`).click();
      if (id === 'top') await page.waitForFunction(() => window.scrollY === 0);
      else await expectSectionAtOffset(page, id);
      await page.waitForSelector(`.site-nav a[aria-current][href="#${id}"]`);
    }

    await page.getByRole('link', { name: 'Get Started' }).click();
    await expectSectionAtOffset(page, 'about');
    await page.locator('a.brand-logo').click();
    await page.waitForFunction(() => window.scrollY === 0);

    await waitForIsland(page, 'product-grid');
    await page.getByRole('button', { name: 'Enlarge the CRM illustration' }).click();
    const dialog = page.getByRole('dialog', { name: 'CRM' });
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    for (const [name, path, heading] of [
      ['Terms Of Use', paths.terms, 'Terms of Use'],
      ['Privacy', paths.privacy, 'Privacy Policy'],
    ] as const) {
      const link = page.locator('footer').getByRole('link', { name });
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(path);
      expect(await tab.locator('h1').innerText()).toBe(heading);
      await tab.close();
    }
  });

  test('on one load with reduced motion: the back-to-top link is hidden at 0 and 25 px of scroll, shown at 26 px, and goes back up; the research slider moves between topics with its buttons', async ({
    openPage,
  }) => {
    const { page } = await openPage({ reducedMotion: 'reduce' });
    await page.goto(baseUrl());
    await waitForApp(page);
    const button = page.getByRole('link', { name: 'Back to top' });
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 25));
    await twoFrames(page);
    expect(await button.isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 26));
    await button.waitFor({ state: 'visible' });
    await page.evaluate(() => window.scrollTo(0, 3000));
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'hidden' });

    await waitForIsland(page, 'research-slider');
    const next = page.getByRole('button', { name: 'Next topic' });
    await next.click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Artificial intelligence' }).getAttribute('aria-current'))
      .toBe('true');
    await page.getByRole('button', { name: 'Blockchain' }).click();
    await expect.poll(() => next.isDisabled()).toBe(true);
  });

  test('at 375 px on one load: the menu works by keyboard alone, with a visible focus ring; the menu button opens the menu, and choosing a link closes it', async ({
    openPage,
  }) => {
    const { page } = await openPage({ viewport: { width: 375, height: 740 } });
    await page.goto(baseUrl());
    await waitForApp(page);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('popovertarget')).toBe('site-menu');
    expect(await menuOpen(page)).toBe(false);
    const ring = await focused.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(ring).not.toBe('none');
    await page.keyboard.press('Enter');
    expect(await menuOpen(page)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menuOpen(page)).toBe(false);
    expect(await focused.getAttribute('popovertarget')).toBe('site-menu');

    const toggle = page.getByRole('button', { name: 'Menu' });
    const link = page.getByRole('link', { name: 'WHITE LABEL' });
    expect(await link.isVisible()).toBe(false);
    await toggle.click();
    expect(await menuOpen(page)).toBe(true);
    expect(await link.isVisible()).toBe(true);
    await link.click();
    expect(await menuOpen(page)).toBe(false);
    expect(await link.isVisible()).toBe(false);
    await expectSectionAtOffset(page, 'white-label');
  });

  test('a deep link to a section lands on it with the 60 px offset', async ({ openPage }) => {
    const { page } = await openPage();
    await page.goto(`${baseUrl()}/#solutions`);
    await waitForApp(page);
    await expectSectionAtOffset(page, 'solutions');
  });

  test('the language switch leads to the same section of the Greek landing page, and back', async ({
    openPage,
  }) => {
    const { page } = await openPage({ reducedMotion: 'reduce' });
    await page.goto(baseUrl());
    await waitForApp(page);
    await page.locator('.site-nav a[href="#solutions"]').click();
    await expectSectionAtOffset(page, 'solutions');
    const greek = page.getByRole('link', { name: /Ελληνικά/ });
    await page.waitForFunction(() =>
      document.querySelector('a[data-language-switch]')?.getAttribute('href')?.endsWith('#solutions'),
    );
    await greek.click();
    await page.waitForURL('**/el#solutions');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    await waitForApp(page);
    await expectSectionAtOffset(page, 'solutions');
    await page.locator('.site-nav a[href="#contact"]').click();
    await expectSectionAtOffset(page, 'contact');
    await page.getByRole('link', { name: /English/ }).click();
    await page.waitForURL(/\/#contact$/);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  test('on any other page the switch is a plain link to the same page in the other language, without JavaScript too', async ({
    openPage,
  }) => {
    const { page } = await openPage({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
    await page.goto(baseUrl() + paths.privacy);
    await page.getByRole('link', { name: /Ελληνικά/ }).click();
    await page.waitForURL(`**${pagePath('el', paths.privacy)}`);
    expect(await page.locator('h1').innerText()).toBe(copyFor('el').privacy.title);
    await page.getByRole('link', { name: /English/ }).click();
    await page.waitForURL(`**${paths.privacy}`);
    expect(await page.locator('h1').innerText()).toBe('Privacy Policy');
  });

  test('at 375 px the switch is in the menu', async ({ openPage }) => {
    const { page } = await openPage({ viewport: { width: 375, height: 740 } });
    await page.goto(baseUrl() + pagePath('el', paths.terms));
    await waitForApp(page);
    const english = page.getByRole('link', { name: /English/ });
    expect(await english.isVisible()).toBe(false);
    await page.getByRole('button', { name: copyFor('el').navigation.menuButton }).click();
    await english.click();
    await page.waitForURL(`**${paths.terms}`);
    expect(await page.locator('h1').innerText()).toBe('Terms of Use');
  });
});
