import { describe, expect, it } from 'vitest';
import {
  compactFormSubject,
  contactErrors,
  contactFieldErrors,
  contactLimits,
  contactMessageSchema,
} from './contact-message.js';

const valid = { name: 'Jane Doe', email: 'jane@example.com', subject: 'Pricing', message: 'Hello' };

describe('contactMessageSchema', () => {
  it('accepts a complete message, trims it and defaults consent to false', () => {
    const parsed = contactMessageSchema.parse({ ...valid, name: '  Jane Doe ', email: ' jane@example.com ' });
    expect(parsed).toEqual({ ...valid, marketingConsent: false, website: '', language: 'en' });
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
  it('is the name, then " - Contact " and the company name, in the language of the page', () => {
    expect(compactFormSubject(' Jane Doe ', 'Example Digital', 'en')).toBe(
      'Jane Doe - Contact Example Digital',
    );
    expect(compactFormSubject(' Μαρία ', 'Example Digital', 'el')).toBe(
      'Μαρία - Επικοινωνία με την Example Digital',
    );
  });

  it('records the language of the page (English unless it names Greek) and refuses one the site is not in', () => {
    expect(contactMessageSchema.parse({ ...valid, language: 'el' }).language).toBe('el');
    const result = contactMessageSchema.safeParse({ ...valid, language: 'de' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['language']);
  });
});

describe('contactFieldErrors', () => {
  const issuesOf = (message: object) => contactMessageSchema.safeParse(message).error!.issues;

  it("names each field's problem in the visitor's language, numbers written as that language writes them", () => {
    const issues = issuesOf({ ...valid, name: '', message: 'x'.repeat(contactLimits.message + 1) });
    expect(contactFieldErrors(issues, 'en', contactErrors.en)).toEqual({
      name: 'Please enter your name.',
      message: 'Please use at most 20,000 characters.',
    });
    expect(contactFieldErrors(issues, 'el', contactErrors.el)).toEqual({
      name: 'Παρακαλούμε συμπληρώστε το ονοματεπώνυμό σας.',
      message: 'Παρακαλούμε χρησιμοποιήστε έως 20.000 χαρακτήρες.',
    });
  });

  it('names a problem with a field no person types (the language, say) by its path', () => {
    const errors = contactFieldErrors(issuesOf({ ...valid, language: 'de' }), 'en', contactErrors.en);
    expect(Object.keys(errors)).toEqual(['language']);
  });
});
