import { chromium } from 'playwright-core';
import { startSiteServer } from '@site/testing/server-process';

/**
 * The site to measure (BENCH_URL when a server is already running, else the built site on a free port)
 * and Debian's Chromium (CHROMIUM_PATH) to measure it with; `close()` ends both.
 */
export async function siteAndChromium() {
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, stop: async () => {} }
    : await startSiteServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
