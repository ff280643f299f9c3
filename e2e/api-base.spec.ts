import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { CONTACT_API_PATH, XSRF_HEADER } from '@site/api-contract';
import { paths } from '../apps/web/app/paths';
import { freePort } from '@site/testing/ports';
import { waitForApp } from './support/browser';
import { test as base } from './support/fixtures';
import { type RunningServer, startSiteServer } from '@site/testing/server-process';
import { storedMessagesFrom } from './support/stored-messages';
import { buildWebApp, copyWebApp, webCopyDir } from './support/web-build';

/**
 * A copy of the site built with VITE_API_BASE pointing at a second server, each served by its own
 * process; each fixture closes what it opened after the file's tests.
 */
const test = base.extend<{
  $file: { apiOrigin: string; webBuild: string; site: RunningServer; api: RunningServer };
}>({
  apiOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => use(`http://127.0.0.1:${await freePort()}`),
    { scope: 'file' },
  ],
  webBuild: [
    async ({ apiOrigin }, use) => {
      const webCopy = webCopyDir('api-base');
      copyWebApp(webCopy);
      buildWebApp(webCopy, { VITE_API_BASE: apiOrigin });
      await use(join(webCopy, 'build/client'));
      rmSync(webCopy, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
  site: [
    async ({ webBuild }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'e2e-api-base-site-'));
      const site = await startSiteServer({ DATA_DIR: dataDir, WEB_ROOT: webBuild });
      await use(site);
      await site.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
  api: [
    // The API server serves the suite's own build; only its contact API is used here.
    async ({ apiOrigin, site }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'e2e-api-base-api-'));
      const api = await startSiteServer(
        { DATA_DIR: dataDir, CORS_ORIGINS: site.url },
        Number(new URL(apiOrigin).port),
      );
      await use(api);
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
});

// The first test builds the copy: the time of a build, not of a test.
describe(
  'a site built with VITE_API_BASE sends its forms to the API on another origin',
  { timeout: 180_000 },
  () => {
    test('the /contact form stores the message on the API server, with no CSP violation', async ({
      openPage,
      site,
      api,
    }) => {
      const siteUrl = site.url;
      const apiUrl = api.url;
      const { page, problems } = await openPage();
      const sent: Request[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith(CONTACT_API_PATH)) sent.push(request);
      });
      const response = await page.goto(siteUrl + paths.contact);
      const csp = String(response?.headers()['content-security-policy']);
      expect(csp).toContain(`connect-src 'self' ${apiUrl};`);
      expect(csp).toContain(`form-action 'self' ${apiUrl};`);
      await waitForApp(page);

      const email = `api-base.${Date.now()}@example.com`;
      await page.getByPlaceholder('Your Name').fill('Jane Doe');
      await page.getByPlaceholder('Your Email').fill(email);
      await page.getByPlaceholder('Subject').fill('Another API host');
      await page.getByPlaceholder('Message').fill('Sent across origins.');
      await page.getByRole('button', { name: 'SEND' }).click();
      await page.getByText('Email sent successfully').waitFor();

      expect(sent.map((request) => request.url())).toEqual([apiUrl + CONTACT_API_PATH]);
      // Cross-origin, the API trusts CORS_ORIGINS instead of the XSRF cookie, which it could not read.
      expect(await sent[0]!.allHeaders()).not.toHaveProperty(XSRF_HEADER);
      expect(storedMessagesFrom(email, api.dataDir)).toEqual([
        expect.objectContaining({
          name: 'Jane Doe',
          subject: 'Another API host',
          message: 'Sent across origins.',
        }),
      ]);
      expect(storedMessagesFrom(email, site.dataDir)).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    });

    test('with JavaScript off the form posts to the API, which sends the browser back to the site', async ({
      openPage,
      site,
      api,
    }) => {
      const { page } = await openPage({ javaScriptEnabled: false });
      await page.goto(site.url + paths.contact);
      const email = `api-base-nojs.${Date.now()}@example.com`;
      await page.getByPlaceholder('Your Name').fill('Jane Doe');
      await page.getByPlaceholder('Your Email').fill(email);
      await page.getByPlaceholder('Subject').fill('No script, other host');
      await page.getByPlaceholder('Message').fill('Posted across origins.');
      await page.getByRole('button', { name: 'SEND' }).click();
      await page.waitForURL(site.url + paths.messageSent);
      expect(await page.locator('h1').innerText()).toBe('Email sent successfully');
      expect(storedMessagesFrom(email, api.dataDir)).toEqual([
        expect.objectContaining({ subject: 'No script, other host' }),
      ]);
    });
  },
);
