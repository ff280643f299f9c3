import { expect, it } from 'vitest';
import { pointsText, signedPoints } from './points.ts';

it('signs a reason’s points with a plus or a true minus, and leaves 0 bare', () => {
  expect([4, 2.5, -3, -0.5, 0].map(signedPoints)).toEqual(['+4', '+2.5', '\u22123', '\u22120.5', '0']);
});

it('says points in words, one in the singular', () => {
  expect([7.5, 1, 0, -1.5].map(pointsText)).toEqual([
    '7.5 points',
    '1 point',
    '0 points',
    '\u22121.5 points',
  ]);
});
