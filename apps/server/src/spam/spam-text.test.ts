import { describe, expect, it } from 'vitest';
import { messageTokens, words } from './spam-text.js';

describe('the words the classifier counts', () => {
  it('splits Greek, accented Latin and Thai into words, lower-case', () => {
    expect([...words('Καλησπέρα σας, Café Crème!')]).toEqual(['καλησπέρα', 'σας', 'café', 'crème']);
    expect([...words('สวัสดีครับ')].length).toBeGreaterThan(1);
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
});
