// zod/mini: the same schema at a fraction of the size in the browser bundle.
import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, isValidEmail } from './email.js';

/** Longest accepted values; the forms set the same numbers as maxLength. */
export const contactLimits = {
  name: 200,
  email: EMAIL_MAX_LENGTH,
  subject: 300,
  message: 20_000,
} as const;

export const contactErrors = {
  name: 'Please enter your name.',
  email: 'Please enter a valid e-mail address.',
  subject: 'Please enter a subject.',
  message: 'Please enter a message.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
} as const;

/** NUL is invisible, never typed, and PostgreSQL cannot store it in text: it is dropped. */
const withoutNul = z.overwrite((value: string) => value.replaceAll('\0', ''));

const requiredText = (max: number, required: string) =>
  z
    .string()
    .check(withoutNul, z.trim(), z.minLength(1, required), z.maxLength(max, contactErrors.tooLong(max)));

/** A message sent through either contact form. `website` is a honeypot: people leave it empty. */
export const contactMessageSchema = z.object({
  name: requiredText(contactLimits.name, contactErrors.name),
  email: z.string().check(withoutNul, z.trim(), z.refine(isValidEmail, contactErrors.email)),
  subject: requiredText(contactLimits.subject, contactErrors.subject),
  message: requiredText(contactLimits.message, contactErrors.message),
  marketingConsent: z._default(z.boolean(), false),
  website: z._default(z.string().check(withoutNul, z.maxLength(500)), ''),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
export type ContactField = 'name' | 'email' | 'subject' | 'message';

/** The subject of a message from the compact form, which has no subject field. */
export function compactFormSubject(name: string, companyName: string): string {
  return `${name.trim()} - Contact ${companyName}`;
}
