import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { closeAfterTest } from '@site/testing/per-test';
import { type AppOptions, buildApp } from '../app.js';
import { readEnv } from '../env.js';
import type { SiteFacts } from '../site/site-facts.js';
import { notFoundFile } from '../site/site-files.js';
import { createTestStorage, type TestStorage } from './test-storage.js';

export const TEST_SITE_KEY = 'test-site-key-0001';

/** A tiny built site in a temp folder: pages, an asset, and the site.json the web build writes. */
export function writeTestSite(
  files: Record<string, string | Buffer> = {},
  facts: Partial<SiteFacts> = {},
): string {
  const base = mkdtempSync(join(tmpdir(), 'site-'));
  const root = join(base, 'client');
  const all: Record<string, string | Buffer> = {
    'index.html': '<h1>Home</h1>',
    [notFoundFile('en')]: '<h1>Page not found</h1>',
    [notFoundFile('el')]: '<h1>Η σελίδα δεν βρέθηκε</h1>',
    ...files,
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  const site: SiteFacts = {
    name: 'Test Company',
    legalName: 'Test Company Ltd',
    addressLines: {
      en: ['1 Test Street', '3036 Limassol', 'Cyprus'],
      el: ['Οδός Δοκιμής 1', '3036 Λεμεσός', 'Κύπρος'],
    },
    siteKey: TEST_SITE_KEY,
    email: 'support@test.example',
    apiOrigin: '',
    colours: { primary: '#225588', primaryDark: '#113355', ink: '#101820', surface: '#f0f4f8' },
    palette: readFileSync(new URL('../../../web/app/styles/palette.css', import.meta.url), 'utf8'),
    logo: 'data:image/svg+xml,%3csvg%20xmlns=%27http://www.w3.org/2000/svg%27/%3e',
    formLabels: {
      en: { name: 'Name', email: 'E-mail', subject: 'Subject', message: 'Message', consent: 'Send me news' },
      el: {
        name: 'Ονοματεπώνυμο',
        email: 'E-mail',
        subject: 'Θέμα',
        message: 'Μήνυμα',
        consent: 'Στείλτε μου νέα',
      },
    },
    languages: ['en', 'el'],
    ...facts,
  };
  writeFileSync(join(base, 'site.json'), JSON.stringify(site));
  return root;
}

/**
 * The real app on a fresh database of the kind under test (a SQLite file in a temp folder, or a new
 * PostgreSQL database), or on the `storage` of another app. Its
 * SITE_URL is the origin `inject()` requests come from (Host: localhost:80). It is closed when the test
 * ends, passed or failed (closing it earlier, as a test of a restart does, is fine too), or, built in
 * a `preparedOnce`, after the tests that share it.
 */
export async function buildTestApp(
  settings: Record<string, string> = {},
  site = writeTestSite(),
  options: AppOptions = {},
  storage?: TestStorage,
) {
  storage ??= await createTestStorage();
  const env = readEnv({
    WEB_ROOT: site,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SITE_URL: 'http://localhost',
    // Tests that count a message's mails count those they are about; the acknowledgement's turn it on.
    ACKNOWLEDGEMENT_MAIL: 'off',
    ...storage.settings,
    ...settings,
  });
  const app = closeAfterTest(await buildApp(env, options), async (built) => {
    // A listening app's connections a test left open (a stalled client) would hold the close up.
    built.server.closeAllConnections();
    await built.close();
  });
  return { app, dataDir: env.DATA_DIR, storage };
}
