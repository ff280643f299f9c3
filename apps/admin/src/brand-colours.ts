import { brand } from '@brand';

/** The brand's colours as CSS custom properties, set through the CSSOM so the strict CSP needs no inline style. */
export function applyBrandColours() {
  const root = document.documentElement.style;
  root.setProperty('--primary', brand.colours.primary);
  root.setProperty('--primary-dark', brand.colours.primaryDark);
  root.setProperty('--ink', brand.colours.ink);
  root.setProperty('--surface', brand.colours.surface);
}
