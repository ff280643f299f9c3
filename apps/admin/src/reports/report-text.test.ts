import { describe, expect, it } from 'vitest';
import { durationText, localDay, shareText } from './report-text.ts';

describe("a report's figures as text", () => {
  it('write times in minutes, hours and days, and shares in whole per cent', () => {
    expect([null, 1800, 7200, 7500, 70_200, 86_400 * 2].map(durationText)).toEqual([
      '–',
      '30 min',
      '2 h',
      '2 h 5 min',
      '19 h 30 min',
      '2 d',
    ]);
    expect([null, 0.6, 0.755, 1].map(shareText)).toEqual(['–', '60 %', '76 %', '100 %']);
  });

  it('count days back in the browser’s calendar, over the change to winter time', () => {
    // The admin project runs in Europe/Nicosia, whose clocks go back on 25 October 2026.
    expect(localDay(0, new Date(2026, 9, 26, 0, 30))).toBe('2026-10-26');
    expect(localDay(6, new Date(2026, 9, 26, 0, 30))).toBe('2026-10-20');
  });
});
