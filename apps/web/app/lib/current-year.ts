/** Puts the visitor's year, written in the page's language, in place of the build year the prerendered footer carries. */
export function showCurrentYear() {
  const year = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    year: 'numeric',
  }).format(new Date());
  for (const element of document.querySelectorAll('[data-current-year]')) element.textContent = year;
}
