import { describe, expect, it } from 'vitest';
import { withoutAddresses } from './without-addresses.js';

describe('a mail error for the log', () => {
  it('names no address, however the mail server wrote it, and keeps the rest', () => {
    expect(
      withoutAddresses(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <jane@example.com>: user unknown",
      ),
    ).toBe("Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: user unknown");
    expect(withoutAddresses('552 quota exceeded for to=Jane.Doe+news@Example.COM, (jane@x.example)')).toBe(
      '552 quota exceeded for [address] [address]',
    );
  });

  it('takes time in step with its length, also for long texts without any address', () => {
    const startedAt = performance.now();
    expect(withoutAddresses('a'.repeat(500_000))).toHaveLength(500_000);
    expect(withoutAddresses('@'.repeat(500_000))).toBe('[address]');
    expect(performance.now() - startedAt).toBeLessThan(500);
  });
});
