import { describe, expect, it } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { axeViolations } from './support/axe';
import { baseUrl, openPage, useBrowser, waitForApp } from './support/browser';

const routes = [paths.home, paths.contact, paths.privacy, paths.terms, NO_SUCH_PAGE];

describe('axe-core finds no accessibility violation', () => {
  const browser = useBrowser();

  for (const width of [375, 1280]) {
    it(`on every route at ${width} px`, async () => {
      const { page, close } = await openPage(browser(), { viewport: { width, height: 800 } });
      for (const path of routes) {
        await page.goto(baseUrl() + path);
        await waitForApp(page);
        expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
      }
      await close();
    });
  }
});
