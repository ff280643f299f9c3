import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now, one line each: rule and the elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Reveal every scroll-animated element, so colours are checked at full opacity; also where the
  // page's reveal starts again meanwhile (it marks <html> once its island has started), and with no
  // fade half-way through.
  await page.evaluate(() => {
    document.documentElement.classList.remove('reveal-active');
    for (const element of document.querySelectorAll<HTMLElement>('[data-reveal]')) {
      element.style.setProperty('transition', 'none', 'important');
      element.style.setProperty('opacity', '1', 'important');
      element.style.setProperty('transform', 'none', 'important');
    }
  });
  // Evaluated through DevTools, not as a <script> tag, which the page's CSP rightly refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    type Axe = { run: (options: { resultTypes: string[] }) => Promise<Result> };
    // Every rule still checks every element; only what passed or stayed undecided no longer gets a
    // selector for each element, the slow part of a run on a long page (axe-core's resultTypes).
    const result = await (window as unknown as { axe: Axe }).axe.run({ resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
