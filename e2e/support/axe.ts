import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now, one line each: rule and the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Reveal every scroll-animated element, so colours are checked at full opacity.
  await page.evaluate(() => document.documentElement.classList.remove('reveal-active'));
  // Evaluated through DevTools, not as a <script> tag, which the page's CSP rightly refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const result = await (window as unknown as { axe: { run: () => Promise<Result> } }).axe.run();
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
