import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import {
  CONTACT_API_PATH,
  FORM_STARTED_PATH,
  formFieldNames,
  languages,
  UNSUBSCRIBE_PAGE_PATH,
  XSRF_HEADER,
} from '@site/api-contract';
import { brand as defaultBrand } from '../apps/web/app/content/brand';
import { pagePath, paths } from '../apps/web/app/paths';
import { builtSiteKey } from '@site/testing/contact-client';
import { prerenderedFile } from '@site/testing/pages';
import { freePort } from '@site/testing/ports';
import { sampleMessage } from '@site/testing/sample-message';
import { type RunningServer, startSiteServer } from '@site/testing/server-process';
import { axeViolations } from './support/axe';
import { twoFrames, waitForApp } from './support/browser';
import { test as base } from './support/fixtures';
import { saveScreenshot } from './support/screenshots';
import { storedMessagesFrom } from './support/stored-messages';
import { buildWebApp, copyWebApp, repo, webCopyDir } from './support/web-build';

/** The site key in e2e/fixtures/partner-brand.ts. */
const PARTNER_SITE_KEY = 'c0ffee00-1111-4222-8333-944445555666';

/**
 * A partner's site, built once as a partner would: apps/web with the partner's brand.ts, its forms
 * posting to the company's API on another origin (VITE_API_BASE), then its link-preview picture and icon
 * drawn from the new brand. `partnerServer` serves that build; `apiServer`, on the origin the build
 * names, serves the company's own build and takes the partner's messages too (its site key in
 * SITE_KEYS, its origin in CORS_ORIGINS). Each fixture removes or stops what it made after the file.
 */
const it = base.extend<{
  $file: {
    apiOrigin: string;
    partnerCopy: string;
    partnerBuild: Map<string, string>;
    partnerServer: RunningServer;
    apiServer: RunningServer;
  };
}>({
  apiOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's dependencies from this pattern
    async ({}, use) => use(`http://127.0.0.1:${await freePort()}`),
    { scope: 'file' },
  ],
  partnerCopy: [
    async ({ apiOrigin }, use) => {
      const webCopy = webCopyDir('rebrand');
      copyWebApp(webCopy);
      cpSync(join(repo, 'e2e/fixtures/partner-brand.ts'), join(webCopy, 'app/content/brand.ts'));
      cpSync(
        join(repo, 'e2e/fixtures/partner-logo.svg'),
        join(webCopy, 'app/content/brand-assets/partner-logo.svg'),
      );
      buildWebApp(webCopy, { VITE_API_BASE: apiOrigin });
      // The pictures are drawn from the facts the build wrote (a partner then builds once more to take
      // them in: that build differs only in these two PNGs, which nothing here reads from the build).
      execFileSync(process.execPath, ['scripts/brand-images.mjs'], { cwd: webCopy, stdio: 'pipe' });
      await use(webCopy);
      rmSync(webCopy, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
  partnerBuild: [
    async ({ partnerCopy }, use) => use(readBuild(join(partnerCopy, 'build/client'))),
    { scope: 'file' },
  ],
  partnerServer: [
    async ({ partnerCopy }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'e2e-rebrand-'));
      const server = await startSiteServer({
        DATA_DIR: dataDir,
        WEB_ROOT: join(partnerCopy, 'build/client'),
        // A form posted by the test, not after a page, is possibly spam: here only the brand counts.
        SPAM_POSSIBLY_THRESHOLD: '5',
      });
      await use(server);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
  apiServer: [
    async ({ apiOrigin, partnerServer }, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'e2e-rebrand-api-'));
      const api = await startSiteServer(
        {
          DATA_DIR: dataDir,
          SITE_KEYS: `${builtSiteKey()},${PARTNER_SITE_KEY}`,
          CORS_ORIGINS: partnerServer.url,
        },
        Number(new URL(apiOrigin).port),
      );
      await use(api);
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'file' },
  ],
});

/** Every text file of a build, keyed by its path. */
function readBuild(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(html|js|css|svg|json|txt|xml)$/.test(entry.name)) {
      const path = join(entry.parentPath, entry.name);
      files.set(path.slice(root.length), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

const defaultTraces = [
  defaultBrand.name,
  defaultBrand.legalName,
  defaultBrand.email,
  defaultBrand.address.en.street,
  defaultBrand.address.en.city,
  defaultBrand.address.el.street,
  defaultBrand.address.el.city,
  defaultBrand.address.el.cityAccusative,
  defaultBrand.address.el.cityGenitive,
  ...Object.values(defaultBrand.ogImage.alt),
  defaultBrand.siteKey,
  ...Object.values(defaultBrand.colours),
];

function expectNoDefaultBrand(text: string, where: string) {
  for (const trace of defaultTraces)
    expect(text.toLowerCase(), `${trace} in ${where}`).not.toContain(trace.toLowerCase());
}

// The first test builds the copy: the time of a build, not of a test.
describe(
  "white label: a partner's site, rebranded by replacing app/content/brand.ts, posting to the company's API on another origin",
  { timeout: 180_000 },
  () => {
    it("leaves no trace of the default brand's name, e-mail, address, city, site key or colours", ({
      partnerBuild: build,
    }) => {
      expect(build.size).toBeGreaterThan(5);
      for (const [path, text] of build) expectNoDefaultBrand(text, path);
    });

    it("shows the partner's name, e-mail and address on every page of both languages", ({
      partnerBuild: build,
    }) => {
      const streets = { en: '22 Quay Street', el: 'Οδός Αποβάθρας 22' };
      for (const language of languages)
        for (const path of [paths.home, paths.privacy, paths.terms, paths.notFound, paths.messageSent]) {
          const page = `/${prerenderedFile(pagePath(language, path))}`;
          const html = build.get(page) ?? '';
          expect(html, page).toContain('Harbourline Media');
          expect(html, page).toContain('hello@harbourline.example.org');
          expect(html, page).toContain(streets[language]);
        }
      const home = build.get(`/${prerenderedFile(paths.home)}`);
      expect(home).toContain('<title>Harbourline Media | B2B internet marketing software, Paphos</title>');
      expect(home).toContain('--brand-primary:#8a2be2');
    });

    it('draws its own link-preview picture', ({ partnerCopy: webCopy }) => {
      const original = readFileSync(join(repo, 'apps/web/app/content/brand-assets/og-image.png'));
      const partner = readFileSync(join(webCopy, 'app/content/brand-assets/og-image.png'));
      expect(partner.subarray(1, 4).toString()).toBe('PNG');
      expect(partner.equals(original)).toBe(false);
    });

    describe('served by the real server', () => {
      const pageOf = (server: RunningServer, path: string, init?: RequestInit) =>
        fetch(`${server.url}${path}`, init);
      const formPost = (server: RunningServer, fields: Record<string, string>) =>
        pageOf(server, CONTACT_API_PATH, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
          body: new URLSearchParams({
            [formFieldNames.siteKey]: PARTNER_SITE_KEY,
            ...fields,
          }),
        });
      const message = { ...sampleMessage, subject: 'Hello', message: 'Hi' };

      it("renders its own pages (unsubscribe, the form's error page) in the partner's brand, in both languages", async ({
        partnerServer: server,
      }) => {
        for (const language of languages) {
          const unsubscribe = await (
            await pageOf(server, `${UNSUBSCRIBE_PAGE_PATH}?token=not-a-token&lang=${language}`)
          ).text();
          const invalid = await formPost(server, {
            ...message,
            name: ' ',
            [formFieldNames.language]: language,
          });
          expect(invalid.status).toBe(400);
          for (const [where, html] of [
            [`unsubscribe page (${language})`, unsubscribe],
            [`form error page (${language})`, await invalid.text()],
          ] as const) {
            expect(html, where).toContain(`<html lang="${language}">`);
            expect(html, where).toContain('Harbourline Media');
            expect(html, where).toContain('#5b1a99');
            expectNoDefaultBrand(html, where);
          }
        }
      });

      it("gets a dark theme of its own from the partner's colours, axe clean (screenshots/rebrand-dark-*.png)", async ({
        openPage,
        partnerServer: server,
      }) => {
        const { page } = await openPage({
          viewport: { width: 375, height: 800 },
          colorScheme: 'dark',
          reducedMotion: 'reduce',
        });
        await page.goto(server.url + paths.home);
        await waitForApp(page);
        // One load, resized as a rotated phone or a wider window is (decision 060).
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await twoFrames(page);
          expect(await axeViolations(page), `home at ${width}px, dark`).toEqual([]);
          // The page's dark background takes the hue of the partner's ink (#1d1630, violet), not ours.
          const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          const [, lightness, , hue] = /^oklch\(([\d.]+) ([\d.]+) ([\d.]+)\)$/.exec(background) ?? [];
          expect(Number(lightness), background).toBeLessThan(0.3);
          expect(Number(hue), background).toBeGreaterThan(285);
          await saveScreenshot(page, `rebrand-dark-${width}`);
        }
      });

      it("notifies in the partner's name, from and to the partner's address", async ({
        partnerServer: server,
      }) => {
        const stored = await formPost(server, message);
        expect(stored.status).toBe(303);
        const mailDir = join(server.dataDir, 'mail');
        // Written under a .tmp name, then renamed: the .eml file is the whole mail.
        const mails = () =>
          existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith('.eml')) : [];
        await expect.poll(() => mails().length, { timeout: 10_000 }).toBe(1);
        const mail = readFileSync(join(mailDir, mails()[0]!), 'utf8');
        expect(mail).toContain('Subject: [Harbourline Media] Hello');
        expect(mail).toContain('To: hello@harbourline.example.org');
        expectNoDefaultBrand(mail, 'notification mail');
      });

      it("sends the /contact form to the company's API on the other origin, with no CSP violation", async ({
        openPage,
        partnerServer: site,
        apiServer: api,
      }) => {
        const { page, problems } = await openPage();
        const sent: Request[] = [];
        const beacons: string[] = [];
        page.on('request', (request) => {
          if (request.url().endsWith(CONTACT_API_PATH)) sent.push(request);
          if (request.url().endsWith(FORM_STARTED_PATH)) beacons.push(request.url());
        });
        const response = await page.goto(site.url + paths.contact);
        const csp = String(response?.headers()['content-security-policy']);
        expect(csp).toContain(`connect-src 'self' ${api.url};`);
        expect(csp).toContain(`form-action 'self' ${api.url};`);
        await waitForApp(page);

        const email = `api-base.${Date.now()}@example.com`;
        await page.getByPlaceholder('Your Name').fill('Jane Doe');
        await page.getByPlaceholder('Your Email').fill(email);
        await page.getByPlaceholder('Subject').fill('Another API host');
        await page.getByPlaceholder('Message').fill('Sent across origins.');
        await page.getByRole('button', { name: 'SEND' }).click();
        await page.getByText('Email sent successfully').waitFor();

        expect(sent.map((request) => request.url())).toEqual([api.url + CONTACT_API_PATH]);
        // The funnel's beacon goes to the server that served, and counted, the page.
        expect(beacons).toEqual([site.url + FORM_STARTED_PATH]);
        // Cross-origin, the API trusts CORS_ORIGINS instead of the XSRF cookie, which it could not read.
        expect(await sent[0]!.allHeaders()).not.toHaveProperty(XSRF_HEADER);
        expect(storedMessagesFrom(email, api.dataDir)).toEqual([
          expect.objectContaining({
            name: 'Jane Doe',
            subject: 'Another API host',
            message: 'Sent across origins.',
            site_key: PARTNER_SITE_KEY,
          }),
        ]);
        expect(storedMessagesFrom(email, site.dataDir)).toEqual([]);
        expect(problems.consoleErrors).toEqual([]);
      });

      it('with JavaScript off posts the form to the API, which sends the browser back to the site', async ({
        openPage,
        partnerServer: site,
        apiServer: api,
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
    });
  },
);
