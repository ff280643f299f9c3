/** Control characters but tab and line feed: PostgreSQL refuses NUL in text, and the rest garble a listing. */
const controls = /[^\P{Cc}\t\n]/gu;

/**
 * Text another party sent us (a webhook receiver's answer, a mail server's error) as it is stored: without
 * control characters but tab and line feed, at most `max` characters. Its bytes were already decoded
 * leniently (a receiver's answer as UTF-8 with U+FFFD for what is not; nodemailer keeps a reply that is
 * not UTF-8 byte for byte), so with NUL gone no database refuses it.
 */
export const storableText = (text: string, max: number) => text.replace(controls, '').slice(0, max);
