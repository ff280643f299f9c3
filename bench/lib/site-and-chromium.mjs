import { launchChromium } from '@site/testing/chromium';
import { startSiteServer } from '@site/testing/server-process';

/**
 * The site to measure (BENCH_URL when a server is already running, else the built site on a free port)
 * and the harness's Chromium (CHROMIUM_PATH) to measure it with; `close()` ends both.
 */
export async function siteAndChromium() {
  const server = process.env.BENCH_URL
    ? { url: process.env.BENCH_URL, stop: async () => {} }
    : await startSiteServer();
  const browser = await launchChromium();
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
