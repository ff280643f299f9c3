import { describe, expect, it } from 'vitest';
import { compactFormSubject, contactLimits, contactMessageSchema } from './contact-message.js';

const valid = { name: 'Jane Doe', email: 'jane@example.com', subject: 'Pricing', message: 'Hello' };

describe('contactMessageSchema', () => {
  it('accepts a complete message, trims it and defaults consent to false', () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: '  Jane Doe ', email: ' jane@example.com ' });
    expect(parsed).toEqual({ ...valid, marketingConsent: false, website: '' });
  });

  it('requires every field, and blank text counts as missing', () => {
    const result = contactMessageSchema.safeParse({ name: '  ', email: '', subject: '', message: '\n' });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((issue) => issue.path[0]);
    expect(fields.sort()).toEqual(['email', 'message', 'name', 'subject']);
  });

  it('caps name at 200, subject at 300 and message at 20 000 characters', () => {
    for (const field of ['name', 'subject', 'message'] as const) {
      const max = contactLimits[field];
      expect(contactMessageSchema.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success, field).toBe(
        true,
      );
      expect(contactMessageSchema.safeParse({ ...valid, [field]: 'x'.repeat(max + 1) }).success, field).toBe(
        false,
      );
    }
  });

  it('keeps the marketing consent choice and the honeypot', () => {
    const parsed = contactMessageSchema.parse({ ...valid, marketingConsent: true, website: 'spam.example' });
    expect(parsed.marketingConsent).toBe(true);
    expect(parsed.website).toBe('spam.example');
  });

  it('drops NUL characters, which no database here can keep in text, and a field of only NUL is missing', () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: 'Jane\0 Doe', message: 'Hel\0lo' });
    expect(parsed).toMatchObject({ name: 'Jane Doe', message: 'Hello' });
    expect(contactMessageSchema.safeParse({ ...valid, subject: '\0\0' }).success).toBe(false);
  });

  it('rejects values of the wrong type', () => {
    expect(contactMessageSchema.safeParse({ ...valid, marketingConsent: 'yes' }).success).toBe(false);
    expect(contactMessageSchema.safeParse({ ...valid, name: 42 }).success).toBe(false);
  });
});

describe('compactFormSubject', () => {
  it('is the name, then " - Contact " and the company name', () => {
    expect(compactFormSubject(' Jane Doe ', 'Example Digital')).toBe('Jane Doe - Contact Example Digital');
  });
});
