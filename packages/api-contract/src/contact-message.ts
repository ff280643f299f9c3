// zod/mini: the same schema at a fraction of the size in the browser bundle.
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, isPublicEmail } from './email.js';
import { defaultLanguage, type Language, languages } from './languages.js';

export const contactFields = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof contactFields)[number];

/** Longest accepted values; the forms set the same numbers as maxLength. */
export const contactLimits = {
  name: 200,
  email: EMAIL_MAX_LENGTH,
  subject: 300,
  message: 20_000,
} as const;

/** What a visitor is told about a field the form cannot send: per language, `{max}` a formatted number. */
export type ContactErrorTexts = Record<ContactField, string> & { tooLong: string };

export const contactErrors: Record<Language, ContactErrorTexts> = {
  en: {
    name: 'Please enter your name.',
    email: 'Please enter a valid e-mail address.',
    subject: 'Please enter a subject.',
    message: 'Please enter a message.',
    tooLong: 'Please use at most {max} characters.',
  },
  el: {
    name: 'Παρακαλούμε συμπληρώστε το ονοματεπώνυμό σας.',
    email: 'Παρακαλούμε συμπληρώστε μια έγκυρη διεύθυνση e-mail.',
    subject: 'Παρακαλούμε συμπληρώστε το θέμα.',
    message: 'Παρακαλούμε συμπληρώστε το μήνυμά σας.',
    tooLong: 'Παρακαλούμε χρησιμοποιήστε έως {max} χαρακτήρες.',
  },
};

/** NUL is invisible, never typed, and PostgreSQL cannot store it in text: it is dropped. */
const withoutNul = z.overwrite((value: string) => value.replaceAll('\0', ''));

const requiredText = (max: number) =>
  z.string().check(withoutNul, z.trim(), z.minLength(1), z.maxLength(max));

/** A message sent through either contact form. `website` is a honeypot: people leave it empty. */
export const contactMessageSchema = z.object({
  name: requiredText(contactLimits.name),
  email: z.string().check(withoutNul, z.trim(), z.refine(isPublicEmail)),
  subject: requiredText(contactLimits.subject),
  message: requiredText(contactLimits.message),
  marketingConsent: z._default(z.boolean(), false),
  website: z._default(z.string().check(withoutNul, z.maxLength(500)), ''),
  /** The language of the page the message was sent from. */
  language: z._default(z.enum(languages), defaultLanguage),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/**
 * Each field's problem, in the visitor's language, from the schema's issues: the first one per field.
 * Anything but `language` and `website` (which a person never types) is one of the form's fields; a
 * problem with those, or with the body as a whole, is named by its path.
 */
export function contactFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  language: Language,
  texts: ContactErrorTexts,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'body');
    if (field in errors) continue;
    if (!contactFields.includes(field as ContactField)) errors[field] = issue.message;
    else if (issue.code === 'too_big')
      errors[field] = texts.tooLong.replace(
        '{max}',
        new Intl.NumberFormat(language).format(contactLimits[field as ContactField]),
      );
    else errors[field] = texts[field as ContactField];
  }
  return errors;
}

/** The company's name is feminine in Greek (η εταιρεία), as the Greek copy declines it everywhere. */
const compactSubjects: Record<Language, (name: string, companyName: string) => string> = {
  en: (name, companyName) => `${name} - Contact ${companyName}`,
  el: (name, companyName) => `${name} - Επικοινωνία με την ${companyName}`,
};

/** The subject of a message from the compact form, which has no subject field, in its page's language. */
export function compactFormSubject(name: string, companyName: string, language: Language): string {
  return compactSubjects[language](name.trim(), companyName);
}
