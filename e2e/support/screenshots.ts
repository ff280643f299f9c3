import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { repo } from './web-build';

/** Where `npm run screenshots` writes the pictures of every screen: `screenshots/` at the root. */
export const screenshotsDir = join(repo, 'screenshots');

/**
 * Set by `npm run screenshots`. Encoding a PNG costs more than the checks on the screen it shows, so
 * `npm test` makes the same checks and writes no pictures.
 */
export const writingScreenshots = process.env.SCREENSHOTS === '1';

/**
 * Writes `screenshots/<name>.png` of the page (the whole length with `fullPage`) or of one element,
 * when run by `npm run screenshots`; otherwise does nothing.
 */
export async function saveScreenshot(target: Page | Locator, name: string, { fullPage = false } = {}) {
  if (!writingScreenshots) return;
  mkdirSync(screenshotsDir, { recursive: true });
  const path = join(screenshotsDir, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path, fullPage });
  else await target.screenshot({ path });
}
