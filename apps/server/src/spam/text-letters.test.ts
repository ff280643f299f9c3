import { describe, expect, it } from 'vitest';
import { lettersOf } from './text-letters.js';

describe('the letters of a text, which its fingerprint is made of', () => {
  it('keeps the letters of every script and drops spacing, punctuation, digits, marks, symbols and emoji', () => {
    expect(lettersOf('Héllo, wörld! 123 — “ok” ✓ 😀 αβγ 中文。e\u0301 ªµº ×÷ ©')).toBe(
      'Héllowörldokαβγ中文eªµº',
    );
  });

  it('keeps a byte order mark at the start, as the pattern it replaces did', () => {
    expect(lettersOf('\ufeffab')).toBe('\ufeffab');
  });

  it('reads a text longer than any read before it whole, and a shorter one after it alone', () => {
    expect(lettersOf('ab, cd')).toBe('abcd');
    expect(lettersOf('x y '.repeat(60_000))).toBe('xy'.repeat(60_000));
    expect(lettersOf('no, more')).toBe('nomore');
  });
});
