const systems: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

// In this order: Edge and Opera say Chrome too, Chrome says Safari.
const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const first = (pairs: [RegExp, string][], text: string, otherwise: string) =>
  pairs.find(([pattern]) => pattern.test(text))?.[1] ?? otherwise;

/** "Chrome on Linux": the browser and system a User-Agent header names, as a person would say them. */
export const browserOf = (userAgent: string | undefined) =>
  `${first(browsers, userAgent ?? '', 'a browser')} on ${first(systems, userAgent ?? '', 'an unknown system')}`;

/**
 * The name a new passkey starts with, until its operator renames it: where it was made, and whether it
 * lives on a security key or a phone rather than in that browser's device.
 */
export function passkeyName(userAgent: string | undefined, transports: string[]) {
  const where = browserOf(userAgent);
  if (transports.includes('internal')) return where;
  if (transports.some((transport) => ['usb', 'nfc', 'ble'].includes(transport)))
    return `Security key, added with ${where}`;
  if (transports.includes('hybrid')) return `Phone, added with ${where}`;
  return where;
}
