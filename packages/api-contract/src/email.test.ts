import { describe, expect, it } from 'vitest';
import { isAnyMailAddress, isPublicEmail, isValidEmail, normalEmail } from './email.js';

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
    'user@[192.0.2.1]',
    '"john smith"@example.org',
    'anna@bücher.example',
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

describe("isPublicEmail, the contact forms' rule, refuses what never reaches a public mail server", () => {
  it.each([
    'root@localhost',
    'user@mailhost',
    'user@10.0.0.5',
    'user@192.168.1.1',
    'admin@printer.local',
    'admin@db.internal',
    'me@router.home.arpa',
    'me@x.localhost',
    'me@nas.lan',
    'me@dc.corp',
    'user@[192.0.2.1]',
  ])('rejects %s', (address) => {
    expect(isPublicEmail(address)).toBe(false);
  });

  it.each(['jane@example.gr', 'anna@xn--bcher-kva.example', 'info@xn--hxakic4aa.gr', 'a@b.test'])(
    'accepts %s',
    (address) => {
      expect(isPublicEmail(address)).toBe(true);
    },
  );
});

describe('normalEmail: the one form an address is stored, compared and keyed in', () => {
  it.each([
    [' Jane.Doe@Example.COM ', 'jane.doe@example.com'],
    ['anna@bücher.example', 'anna@xn--bcher-kva.example'],
    ['anna@XN--BCHER-KVA.example', 'anna@xn--bcher-kva.example'],
    ['Info@ΕΛΛΆΔΑ.GR', 'info@xn--hxakic4aa.gr'],
    ['info@ελλάδα.gr', 'info@xn--hxakic4aa.gr'],
    ['"John Smith"@Example.org', '"john smith"@example.org'],
    ['"john"@example.org', 'john@example.org'],
    ['"jo\\hn"@example.org', 'john@example.org'],
    ['"john\\ smith"@example.org', '"john smith"@example.org'],
    ['"a\\"b"@example.org', '"a\\"b"@example.org'],
    ['User@[192.0.2.1]', 'user@[192.0.2.1]'],
    ['user@[IPv6:2001:DB8::1]', 'user@[ipv6:2001:db8::1]'],
    ['abc\u202Eexe.pdf@x.example', 'abcexe.pdf@x.example'],
    ['a\u200Bb@exam\u00ADple.com', 'ab@example.com'],
    ['Νίκος@ελλάδα.gr', 'νίκος@xn--hxakic4aa.gr'],
    ['not an address', 'not an address'],
  ])('%j is %j', (typed, normal) => {
    expect(normalEmail(typed)).toBe(normal);
    expect(normalEmail(normal)).toBe(normal);
  });
});

describe('isAnyMailAddress: what a person may name for mail we hold', () => {
  it.each([
    'jane@example.com',
    'anna@bücher.example',
    'anna@xn--bcher-kva.example',
    'info@ελλάδα.gr',
    '"john smith"@example.org',
    '"John Smith"@Example.org',
    'user@[192.0.2.1]',
    'user@[IPv6:2001:db8::1]',
    'νίκος@ελλάδα.gr',
    'root@localhost',
  ])('accepts %s', (address) => {
    expect(isAnyMailAddress(address)).toBe(true);
  });

  it.each([
    '',
    'plain',
    '@example.com',
    'jane@',
    'jane doe@example.com',
    'jane@exa mple.com',
    'jane@@example.com',
    '"unclosed@example.com',
    'jane@[unclosed',
    'jane@example..com',
    'jane@example.com\r\nBcc: x@example.com',
    `${'a'.repeat(65)}@example.com`,
    `${'a'.repeat(64)}@${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.com`,
  ])('rejects %j', (address) => {
    expect(isAnyMailAddress(address)).toBe(false);
  });

  it('stays linear on hostile input', () => {
    const hostile = [
      `"${'\\"'.repeat(20_000)}`,
      `${'a.'.repeat(20_000)}@`,
      `"${'a'.repeat(40_000)}@example.com`,
      `x@[${'['.repeat(40_000)}`,
      `${'a'.repeat(40_000)}@${'b-'.repeat(20_000)}`,
    ];
    const started = Date.now();
    for (const address of hostile) {
      isAnyMailAddress(address);
      normalEmail(address);
      isPublicEmail(address);
    }
    expect(Date.now() - started).toBeLessThan(500);
  });
});
