import { describe, expect } from 'vitest';
import { paths } from '../apps/web/app/paths';
import { NO_SUCH_PAGE } from '@site/testing/pages';
import { axeViolations } from './support/axe';
import { baseUrl, waitForApp } from './support/browser';
import { test } from './support/fixtures';

const routes = [paths.home, paths.contact, paths.privacy, paths.terms, NO_SUCH_PAGE];

describe('axe-core finds no accessibility violation', () => {
  for (const width of [375, 1280]) {
    test(`on every route at ${width} px`, async ({ openPage }) => {
      const { page } = await openPage({ viewport: { width, height: 800 } });
      for (const path of routes) {
        await page.goto(baseUrl() + path);
        await waitForApp(page);
        expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
      }
    });
  }
});
