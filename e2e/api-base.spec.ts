import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { CONTACT_API_PATH, XSRF_HEADER } from '@site/api-contract';
import { paths } from '../apps/web/app/paths';
import { freePort } from '@site/testing/ports';
import { waitForApp } from './support/browser';
import { test } from './support/fixtures';
import { type RunningServer, startSiteServer } from '@site/testing/server-process';
import { storedMessagesFrom } from './support/stored-messages';
import { buildWebApp, copyWebApp, webCopyDir } from './support/web-build';

describe('a site built with VITE_API_BASE sends its forms to the API on another origin', () => {
  const webCopy = webCopyDir('api-base');
  let site: RunningServer | undefined;
  let api: RunningServer | undefined;
  const siteData = mkdtempSync(join(tmpdir(), 'e2e-api-base-site-'));
  const apiData = mkdtempSync(join(tmpdir(), 'e2e-api-base-api-'));

  beforeAll(async () => {
    const apiPort = await freePort();
    copyWebApp(webCopy);
    buildWebApp(webCopy, { VITE_API_BASE: `http://127.0.0.1:${apiPort}` });
    site = await startSiteServer({ DATA_DIR: siteData, WEB_ROOT: join(webCopy, 'build/client') });
    // The API server serves the suite's own build; only its contact API is used here.
    api = await startSiteServer({ DATA_DIR: apiData, CORS_ORIGINS: site.url }, apiPort);
  });

  afterAll(async () => {
    await site?.stop();
    await api?.stop();
    for (const dir of [webCopy, siteData, apiData]) rmSync(dir, { recursive: true, force: true });
  });

  test('the /contact form stores the message on the API server, with no CSP violation', async ({
    openPage,
  }) => {
    const siteUrl = site!.url;
    const apiUrl = api!.url;
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
    expect(storedMessagesFrom(email, apiData)).toEqual([
      expect.objectContaining({
        name: 'Jane Doe',
        subject: 'Another API host',
        message: 'Sent across origins.',
      }),
    ]);
    expect(storedMessagesFrom(email, siteData)).toEqual([]);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('with JavaScript off the form posts to the API, which sends the browser back to the site', async ({
    openPage,
  }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(site!.url + paths.contact);
    const email = `api-base-nojs.${Date.now()}@example.com`;
    await page.getByPlaceholder('Your Name').fill('Jane Doe');
    await page.getByPlaceholder('Your Email').fill(email);
    await page.getByPlaceholder('Subject').fill('No script, other host');
    await page.getByPlaceholder('Message').fill('Posted across origins.');
    await page.getByRole('button', { name: 'SEND' }).click();
    await page.waitForURL(site!.url + paths.messageSent);
    expect(await page.locator('h1').innerText()).toBe('Email sent successfully');
    expect(storedMessagesFrom(email, apiData)).toEqual([
      expect.objectContaining({ subject: 'No script, other host' }),
    ]);
  });
});
