import { expect, it } from 'vitest';
import { changeText, countText, scaleTop, shareOf } from './chart-figures.ts';

it('writes counts with thousands separators', () => {
  expect([0, 7, 12345, 1234567].map(countText)).toEqual(['0', '7', '12,345', '1,234,567']);
});

it('says the change from the previous period in whole per cent, with a true minus, or new', () => {
  expect(changeText(112, 100)).toBe('+12 %');
  expect(changeText(95, 100)).toBe('\u22125 %');
  expect(changeText(100, 100)).toBe('0 %');
  expect(changeText(3, 0)).toBe('new');
  expect(changeText(0, 0)).toBe('0 %');
});

it('rounds the scale up to 1, 2 or 5 times a power of ten', () => {
  expect(scaleTop([3, 7])).toBe(10);
  expect(scaleTop([120, 40])).toBe(200);
  expect(scaleTop([4999])).toBe(5000);
  expect(scaleTop([5001])).toBe(10000);
  expect(scaleTop([0.3])).toBe(0.5);
  expect(scaleTop([0, 0])).toBe(1);
  expect(scaleTop([])).toBe(1);
});

it('gives a figure’s share of the scale, kept within 0 and 100', () => {
  expect(shareOf(50, 200)).toBe(25);
  expect(shareOf(300, 200)).toBe(100);
  expect(shareOf(-1, 200)).toBe(0);
});
