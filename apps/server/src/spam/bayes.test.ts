import { describe, expect, it } from 'vitest';
import { spamProbability, spamReading } from './bayes.js';

const totals = { spam: 100, ham: 100 };

describe('spamProbability', () => {
  it('is near 1 for tokens seen mostly in spam, near 0 for tokens seen mostly in real mail', () => {
    const spammy = Array.from({ length: 20 }, () => ({ spam: 40, ham: 1 }));
    const real = Array.from({ length: 20 }, () => ({ spam: 1, ham: 40 }));
    expect(spamProbability(spammy, totals)).toBeGreaterThan(0.99);
    expect(spamProbability(real, totals)).toBeLessThan(0.01);
  });

  it('is 0.5 when no token was ever seen, or none says anything either way', () => {
    expect(spamProbability([], totals)).toBe(0.5);
    expect(spamProbability([{ spam: 0, ham: 0 }], totals)).toBe(0.5);
    expect(spamProbability([{ spam: 30, ham: 30 }], totals)).toBe(0.5);
  });

  it('is unsure (near 0.5) when strong clues point both ways', () => {
    const mixed = [...Array(10).fill({ spam: 50, ham: 0 }), ...Array(10).fill({ spam: 0, ham: 50 })];
    expect(Math.abs(spamProbability(mixed, totals) - 0.5)).toBeLessThan(0.05);
  });

  it('weighs a token by the share of each side it was seen in, not the raw counts', () => {
    // 10 of 10 spam messages against 100 of 1000 real ones: a spam word.
    expect(spamProbability(Array(5).fill({ spam: 10, ham: 100 }), { spam: 10, ham: 1000 })).toBeGreaterThan(
      0.9,
    );
  });

  it('counts a word of real mail by its share, as if both sides had learnt as many messages', () => {
    // Learnt from 2,000 real mails and 400 spam: a link to a bare address seen in 51 spam and 1 real
    // mail, against two words seen in 8 real mails and no spam, as chance has it for words spam uses as
    // often (1.6 spam expected): the link says more.
    const totals = { spam: 400, ham: 2_000 };
    const clues = [{ spam: 51, ham: 1 }, ...Array(2).fill({ spam: 0, ham: 8 })];
    expect(spamProbability(clues, totals)).toBeGreaterThan(0.5);
    // The same words seen in 8 of 400 real mails are as strong as 8 messages say.
    expect(spamProbability(clues, { spam: 400, ham: 400 })).toBeLessThan(0.5);
  });

  it('stays a number with thousands of tokens', () => {
    const many = Array.from({ length: 5000 }, (_, index) => ({ spam: index % 7, ham: index % 5 }));
    const p = spamProbability(many, totals);
    expect(p).toBeGreaterThanOrEqual(0);
    expect(p).toBeLessThanOrEqual(1);
  });

  it('reads the 25 clearest tokens apart: a few sure signs of spam among many mild words of real mail', () => {
    // Learnt from 400 spam and 2,000 real mails: 10 words seen in 40 spam and no real mail, beside 140
    // words each seen somewhat more often in real mail.
    const totals = { spam: 400, ham: 2_000 };
    const counts = [...Array(10).fill({ spam: 40, ham: 0 }), ...Array(140).fill({ spam: 4, ham: 40 })];
    const { probability, clearest } = spamReading(counts, totals);
    expect(probability).toBeLessThan(0.3);
    expect(clearest).toBeGreaterThan(0.5);
  });
});
