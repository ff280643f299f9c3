/** Puts the visitor's year in place of the build year the prerendered footer carries. */
export function showCurrentYear() {
  for (const element of document.querySelectorAll('[data-current-year]')) {
    element.textContent = String(new Date().getFullYear());
  }
}
