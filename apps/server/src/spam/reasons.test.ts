import { describe, expect, it } from 'vitest';
import { readReasons } from './reason-details.js';
import { reasonFor, storedReasons } from './reasons.js';

describe('stored reasons', () => {
  it('keep the facts, a few bytes each, and give the inbox the same texts', () => {
    const reasons = [
      reasonFor('classifier', 0, 0, 0),
      reasonFor('classifier', 3.4, 40, 200, 87.5),
      reasonFor('classifier', 1.5, 40, 200, 12.5, 53.1),
      reasonFor('links', 2.5, 12, 64),
      reasonFor('link-shortener', 2, 'bit.ly, t.co'),
      reasonFor('honeypot', 10),
    ];
    const stored = storedReasons(reasons);
    // Under half the bytes of the texts; the reason most messages carry, 22.
    expect(stored.length).toBeLessThan(JSON.stringify(readReasons(stored)).length / 2);
    expect(storedReasons([reasonFor('classifier', 0, 0, 0)])).toBe('[["classifier",0,0,0]]');
    expect(readReasons(stored)).toEqual([
      {
        signal: 'classifier',
        points: 0,
        detail: 'not trained yet: learnt from 0 spam and 0 real messages; it needs 10 of each',
      },
      {
        signal: 'classifier',
        points: 3.4,
        detail: '87.5 % likely spam (learnt from 40 spam and 200 real messages)',
      },
      {
        signal: 'classifier',
        points: 1.5,
        detail:
          '12.5 % likely spam, 53.1 % by its 25 clearest clues, which alone label it (learnt from 40 spam and 200 real messages)',
      },
      { signal: 'links', points: 2.5, detail: '12 links, 64 % of the text' },
      { signal: 'link-shortener', points: 2, detail: 'links hidden behind bit.ly, t.co' },
      { signal: 'honeypot', points: 10, detail: 'the hidden field that people never see was filled in' },
    ]);
  });

  it('still read as they were stored before, with their texts', () => {
    const before = [
      { signal: 'too-fast', points: 4, detail: "sent 1.2 s after the site's first page was served" },
    ];
    expect(readReasons(JSON.stringify(before))).toEqual(before);
  });
});
