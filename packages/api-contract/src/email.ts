import * as z from 'zod/mini';

/** The HTML Living Standard's "valid e-mail address" (what <input type="email"> accepts). */
const validEmailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** A host name in ASCII: letters, digits and hyphens, in labels of at most 63. */
const hostNamePattern = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/**
 * Domains no public mail server is at: the names kept for loopback, local and private networks
 * (RFC 6761, 6762, 8375, ICANN's .internal, .arpa) and those ICANN never delegates as they are in
 * private use (.corp, .home, .lan, .intranet). Mail to such an address goes inward, to the company's
 * own network.
 */
const privateSuffixes = ['localhost', 'local', 'internal', 'arpa', 'corp', 'home', 'lan', 'intranet'];

/** A domain with a public name: two labels at least, not a number (an IPv4 address), not a private name. */
function isPublicDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  const top = name.slice(name.lastIndexOf('.') + 1);
  if (!name.includes('.') || /^\d+$/.test(top)) return false;
  return !privateSuffixes.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

/**
 * A valid address of at most 254 characters, at most 64 of them before the at-sign: an operator's,
 * which may be at an internal name of the company's own mail.
 */
export function isValidEmail(address: string): boolean {
  if (address.length > EMAIL_MAX_LENGTH) return false;
  const at = address.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return validEmailPattern.test(address);
}

/**
 * What the contact forms take, and so what a reply may be mailed to: a valid address at a public
 * domain (a visitor's mail is never inside the company's network).
 */
export const isPublicEmail = (address: string) =>
  isValidEmail(address) && isPublicDomain(address.slice(address.lastIndexOf('@') + 1));

/** Characters that show as nothing: controls, format characters (zero-width, direction marks, BOM), fillers. */
const invisible = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** A local part without quotes (RFC 5322's dot-atom), its letters beyond ASCII too (RFC 6531). */
const dotAtom = /^[^\s"(),.:;<>@[\\\]]+(?:\.[^\s"(),.:;<>@[\\\]]+)*$/u;
/** A quoted local part: its text, backslash pairs still in it. */
const quotedString = /^"((?:[^"\\]|\\[^])*)"$/u;
/** An address literal, `[192.0.2.1]` or `[IPv6:...]`. */
const addressLiteral = /^\[[^\s[\\\]]+\]$/u;

/** A quoted local part without the quotes it does not need, or with only `"` and `\` escaped in them. */
function normalLocalPart(local: string): string {
  const quoted = quotedString.exec(local)?.[1];
  if (quoted === undefined) return local;
  const text = quoted.replace(/\\([^])/gu, '$1');
  return dotAtom.test(text) ? text : `"${text.replace(/["\\]/g, '\\$&')}"`;
}

/** The URL standard's class, in every browser and Node.js (the contract is typed without their libraries). */
declare const URL: new (url: string) => { readonly hostname: string };

/**
 * A domain in ASCII, as the URL standard writes a host (IDNA: `bücher.example` is
 * `xn--bcher-kva.example`); an address literal, or what is no host name, as it is.
 */
function asciiDomain(domain: string): string {
  if (domain.startsWith('[') || /[\s/\\?#:@%]/.test(domain)) return domain;
  try {
    return new URL(`http://${domain}`).hostname || domain;
  } catch {
    return domain;
  }
}

/**
 * The one form in which an address is stored, compared and keyed, whatever form it came in: without
 * invisible characters or surrounding spaces, its domain in ASCII (punycode), a quoted local part
 * without needless quotes, all in lower case (mail providers treat the local part without regard to
 * case, and people type it both ways). Text that is no address keeps its letters, in lower case.
 */
export function normalEmail(address: string): string {
  const clean = address.replace(invisible, '').trim().normalize('NFC');
  const at = clean.lastIndexOf('@');
  if (at < 1) return clean.toLowerCase();
  return `${normalLocalPart(clean.slice(0, at))}@${asciiDomain(clean.slice(at + 1))}`.toLowerCase();
}

/**
 * Any address mail can come from, which the mail import stores though the forms would refuse it: a
 * quoted local part, letters beyond ASCII, a domain in Unicode or punycode, an address literal, an
 * internal name. What a person may name in a privacy request.
 */
export function isAnyMailAddress(address: string): boolean {
  const normal = normalEmail(address);
  if (normal.length > EMAIL_MAX_LENGTH) return false;
  const at = normal.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  const local = normal.slice(0, at);
  const domain = normal.slice(at + 1);
  return (
    (dotAtom.test(local) || quotedString.test(local)) &&
    (addressLiteral.test(domain) || hostNamePattern.test(domain))
  );
}

export const NOT_AN_EMAIL = 'This is not an e-mail address.';

/**
 * An address as an operator or a command names it (a person's, or an operator's): spaces around it
 * allowed, then checked as the forms check it, and given in its normal form.
 */
export const emailAddress = z.pipe(
  z.string().check(z.trim(), z.refine(isValidEmail, NOT_AN_EMAIL)),
  z.transform(normalEmail),
);

/** An address held data may be stored under, in any form a person may type it; given in its normal form. */
export const anyEmailAddress = z.pipe(
  z.string().check(z.refine(isAnyMailAddress, NOT_AN_EMAIL)),
  z.transform(normalEmail),
);

/** The address in its normal form, or undefined when it is none (by the forms' rule, or `anyEmailAddress`). */
export function parseEmailAddress(
  value: string,
  schema: typeof emailAddress | typeof anyEmailAddress = emailAddress,
): string | undefined {
  const result = z.safeParse(schema, value);
  return result.success ? result.data : undefined;
}
