/**
 * Puts the visitor's year in place of the build year the prerendered footer carries. Digits as they
 * are: every language of the site writes a year in them (current-year.test.ts checks it against Intl).
 * Not `Intl.DateTimeFormat`: its first use on a page loads the locale's data, 40 to 60 ms of CPU in the
 * one task of this script, before the first paint, which Lighthouse's 4x made 120 ms and more of
 * blocking time on every page (decision 076).
 */
export function showCurrentYear() {
  const year = String(new Date().getFullYear());
  for (const element of document.querySelectorAll('[data-current-year]')) element.textContent = year;
}
