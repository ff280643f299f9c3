/**
 * Marks that reorder or isolate text without showing themselves (U+202A-U+202E, U+2066-U+2069,
 * U+200E, U+200F, U+061C): in a mail client they make a name or subject display as something else.
 */
const directionControls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/**
 * One line of plain text, safe in a mail header or a listing line: direction controls removed, control
 * characters (line breaks, tabs, NUL ...) and line or paragraph separators as single spaces.
 */
export const oneLine = (value: string) =>
  value
    .replace(directionControls, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .trim();
