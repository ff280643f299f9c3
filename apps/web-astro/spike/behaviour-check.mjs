// Spike check: the behaviour module and the islands do what the hydrated page did (motion allowed).
import { chromium } from 'playwright-core';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
const errors = [];
page.on('pageerror', (error) => errors.push(String(error)));
page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
await page.goto(`${url}/`, { waitUntil: 'networkidle' });
await page.waitForFunction(() => !document.querySelector('.loading-overlay'));
const state = () =>
  page.evaluate(() => ({
    current: document.querySelector('.site-nav [aria-current]')?.textContent,
    revealActive: document.documentElement.classList.contains('reveal-active'),
    revealed: document.querySelectorAll('[data-reveal].is-revealed').length,
    backToTop: document.querySelector('.back-to-top')?.classList.contains('is-visible'),
    stats: [...document.querySelectorAll('.stat-value')].map((e) => e.textContent).join(','),
    sliderButtons: document.querySelectorAll('.slider-controls button').length,
    noValidate: document.querySelector('form.contact-form-compact')?.noValidate,
  }));
const atTop = await state();
await page.click('.menu-toggle');
const menuOpen = await page.locator('#site-menu').evaluate((e) => e.classList.contains('is-open'));
await page.keyboard.press('Escape');
const menuClosedByEscape = await page.locator('.menu-toggle').getAttribute('aria-expanded');
await page.click('.menu-toggle');
await page.click('.site-nav a[href="#about"]');
await page.waitForTimeout(1500);
const afterAboutLink = await state();
const menuClosedByLink = await page.locator('.menu-toggle').getAttribute('aria-expanded');
await page.locator('.stats').scrollIntoViewIfNeeded();
await page.waitForTimeout(100);
const statsEarly = await page.evaluate(() =>
  [...document.querySelectorAll('.stat-value')].map((e) => e.textContent).join(','),
);
await page.waitForTimeout(2000);
await page.locator('#future .slider').scrollIntoViewIfNeeded();
await page.waitForTimeout(1500);
const afterSlider = await state();
await page.locator('#compact-name').scrollIntoViewIfNeeded();
await page.waitForTimeout(1500);
const atForm = await state();
await page.click('.back-to-top');
await page.waitForTimeout(1500);
const afterBackToTop = { ...(await state()), scrollY: await page.evaluate(() => window.scrollY) };
console.log(
  JSON.stringify(
    {
      atTop,
      menuOpen,
      menuClosedByEscape,
      menuClosedByLink,
      afterAboutLink,
      statsEarly,
      afterSlider,
      atForm,
      afterBackToTop,
      errors,
    },
    null,
    1,
  ),
);
await browser.close();
