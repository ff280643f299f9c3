import { describe, expect, it } from 'vitest';
import { storableText } from './storable-text.js';

describe("another party's text as it is stored", () => {
  it('keeps tabs and line breaks and what was not UTF-8 (U+FFFD), drops NUL and the other control characters', () => {
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xff]);
    expect(storableText(gzip.toString('utf8'), 500)).toBe('\uFFFD\uFFFD');
    expect(storableText('ok\u0000\r\n\tnext\u001b[31m\u007f\u0085', 500)).toBe('ok\n\tnext[31m');
    expect(storableText('x'.repeat(600), 500)).toHaveLength(500);
  });
});
