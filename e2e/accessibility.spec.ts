import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseUrl, openPage, useBrowser, waitForApp } from './support/browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const routes = ['/', '/privacy', '/termsservice', '/no-such-page'];

describe('axe-core finds no accessibility violation', () => {
  const browser = useBrowser();

  for (const width of [375, 1280]) {
    it(`on every route at ${width} px`, async () => {
      const { page, close } = await openPage(browser(), { viewport: { width, height: 800 } });
      for (const path of routes) {
        await page.goto(baseUrl() + path);
        await waitForApp(page);
        // Reveal every scroll-animated element, so colours are checked at full opacity.
        await page.evaluate(() => document.documentElement.classList.remove('reveal-active'));
        await page.addScriptTag({ content: axeSource });
        const violations = await page.evaluate(async () => {
          const result = await (
            window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } }
          ).axe.run();
          return result.violations.map((v) => {
            const { id, nodes } = v as { id: string; nodes: { target: string[] }[] };
            return `${id}: ${nodes.map((n) => n.target.join(' ')).join(', ')}`;
          });
        });
        expect(violations, `${path} at ${width}px`).toEqual([]);
      }
      await close();
    });
  }
});
