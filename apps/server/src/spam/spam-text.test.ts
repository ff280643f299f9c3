import { describe, expect, it } from 'vitest';
import { messageTokens, normalText, words } from './spam-text.js';

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

  it("marks the subject's and the name's words, and counts the sender's domain and each link's host", () => {
    const tokens = messageTokens({
      name: 'Anna',
      email: 'anna@Example.COM',
      subject: 'Demo',
      body: 'See https://www.shop.example/offer please',
    });
    expect(tokens).toEqual(
      expect.arrayContaining([
        'from:example.com',
        'subject:demo',
        'name:anna',
        'host:www.shop.example',
        'please',
      ]),
    );
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

  it("reads the words of a body's first 10,000 characters, and its links in all of it", () => {
    const body = `${'hello '.repeat(1_700)}zebra https://far.example/late-page`;
    const tokens = messageTokens({ name: 'A', email: 'a@b.example', subject: '', body });
    expect(body.indexOf('zebra')).toBeGreaterThan(10_000);
    expect(tokens).not.toContain('zebra');
    expect(tokens).toEqual(expect.arrayContaining(['host:far.example', 'url:late']));
  });
});
