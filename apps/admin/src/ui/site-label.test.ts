import { brand } from '@brand';
import { expect, it } from 'vitest';
import { siteLabel } from './site-label.ts';

it('names this site by its brand name, and a partner’s site by its key', () => {
  expect(siteLabel(brand.siteKey)).toBe(brand.name);
  expect(siteLabel('c0ffee00-1111')).toBe('Partner site c0ffee00-1111');
});
