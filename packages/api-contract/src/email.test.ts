import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.js';

const local = (n: number) => 'a'.repeat(n);
/** A domain of exactly `n` characters made of valid 63-character labels. */
function domainOf(n: number): string {
  const labels: string[] = [];
  let left = n - 4; // room for ".com"
  while (left > 0) {
    const size = Math.min(63, left === 64 ? 62 : left);
    labels.push('d'.repeat(size));
    left -= size + 1;
  }
  const domain = `${labels.join('.')}.com`;
  if (domain.length !== n) throw new Error(`domain ${domain.length} != ${n}`);
  return domain;
}

describe('isValidEmail', () => {
  it.each([
    'jane@example.com',
    'jane.doe+offers@mail.example.co.uk',
    "o'brien@example.ie",
    'user@localhost',
    'x@a-b.example',
    `${local(64)}@example.com`,
    `${local(64)}@${domainOf(254 - 65)}`,
  ])('accepts %s', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'jane@',
    'jane@@example.com',
    'jane doe@example.com',
    'jane@exa mple.com',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example..com',
    `${local(65)}@example.com`,
    `${local(64)}@${domainOf(254 - 64)}`,
    'jane@example.com\r\nBcc: x@example.com',
    `jane@${'d'.repeat(64)}.com`,
  ])('rejects %j', (address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('holds the exact limits: 254 characters overall, 64 before the at-sign', () => {
    const longest = `${local(64)}@${domainOf(254 - 65)}`;
    expect(longest.length).toBe(254);
    expect(isValidEmail(longest)).toBe(true);
    const oneOver = `${local(64)}@${domainOf(255 - 65)}`;
    expect(oneOver.length).toBe(255);
    expect(isValidEmail(oneOver)).toBe(false);
  });
});
