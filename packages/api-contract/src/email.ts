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
