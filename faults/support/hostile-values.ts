import fc from 'fast-check';

/**
 * Text that has broken handling somewhere: direction overrides and isolates (display spoofing),
 * zero-width and byte-order marks, NUL and every kind of line break, lone surrogates, emoji sequences,
 * combining marks, markup, template and header-injection look-alikes, and what spam looks like.
 */
const hostileChars = [
  '\u202E',
  '\u202D',
  '\u2066',
  '\u2069',
  '\u200F',
  '\u200B',
  '\u200D',
  '\uFEFF',
  '\u0000',
  '\r\n',
  '\r',
  '\n',
  '\u2028',
  '\u2029',
  '\u0085',
  '\t',
  '\uD800',
  '\uDFFF',
  '\uFFFF',
  '\uFFFD',
  '😀',
  '👩‍👩‍👧‍👦',
  '🇨🇾',
  'Z̤͔ͧ̑̓',
  'שלום',
  'مرحبا',
  '"',
  "'",
  '\\',
  '<script>alert(1)</script>',
  '${x}',
  '%0d%0a',
  '=?utf-8?b?QmNjOiB4?=',
  '\r\nBcc: victim@example.com',
  // What the spam filter reads: markup, shortened and crowded links, scripts the site is not written
  // in, runs of one character, invisible characters.
  '[url=http://spam.example]x[/url]',
  'https://bit.ly/abc https://a.example/ https://b.example/',
  'สวัสดีครับ',
  '你好世界',
  'Привет',
  'ǅǈǋ',
  'aaaaaaaaaaaaaaaa!!!!!!',
  '\u00AD\u2060',
];

/** Up to `maxParts` pieces of hostile characters and arbitrary code units and graphemes. */
export const hostileText = (maxParts = 12) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...hostileChars),
        fc.string({ unit: 'grapheme', maxLength: 4 }),
        fc.string({ unit: 'binary', maxLength: 3 }),
      ),
      { maxLength: maxParts },
    )
    .map((parts) => parts.join(''));

/** Byte sequences that are not UTF-8: overlong forms, encoded surrogates, past U+10FFFF, cut short, stray. */
export const badUtf8 = fc
  .constantFrom(
    [0xc0, 0xaf],
    [0xe0, 0x80, 0xaf],
    [0xf0, 0x80, 0x80, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xc3],
    [0xe2, 0x82],
    [0x80],
    [0xfe, 0xff],
    [0xff],
  )
  .map((bytes) => Uint8Array.from(bytes));

/** `insert` put into `body` at a position given as a fraction of its length. */
export const spliced = (body: Uint8Array, insert: Uint8Array, at: number) => {
  const cut = Math.floor(body.length * at);
  return Buffer.concat([body.subarray(0, cut), insert, body.subarray(cut)]);
};
