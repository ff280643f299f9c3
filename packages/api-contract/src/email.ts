import * as z from 'zod/mini';

/** The HTML Living Standard's "valid e-mail address" (what <input type="email"> accepts). */
const validEmailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/** A valid address of at most 254 characters, at most 64 of them before the at-sign. */
export function isValidEmail(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH) return false;
  const at = address.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return validEmailPattern.test(address);
}

/**
 * The one form in which an address is stored, compared and keyed: without surrounding spaces, in lower
 * case (mail providers treat the local part without regard to case, and people type it both ways).
 */
export const normalEmail = (address: string) => address.trim().toLowerCase();

export const NOT_AN_EMAIL = 'This is not an e-mail address.';

/**
 * An address as an operator or a command names it (a person's, or an operator's): spaces around it
 * allowed, then checked as the forms check it, and given in its normal form.
 */
export const emailAddress = z.pipe(
  z.string().check(z.trim(), z.refine(isValidEmail, NOT_AN_EMAIL)),
  z.transform(normalEmail),
);

/** The address in its normal form, or undefined when it is none. */
export function parseEmailAddress(value: string): string | undefined {
  const result = z.safeParse(emailAddress, value);
  return result.success ? result.data : undefined;
}
