import { brand } from '@brand';

/**
 * The brand's colours as CSS custom properties, set through the CSSOM so the strict CSP needs no inline
 * style; and its mark as the tab's icon.
 */
export function applyBrand() {
  const root = document.documentElement.style;
  root.setProperty('--brand-primary', brand.colours.primary);
  root.setProperty('--brand-primary-dark', brand.colours.primaryDark);
  root.setProperty('--brand-ink', brand.colours.ink);
  root.setProperty('--brand-surface', brand.colours.surface);
  document.head.append(Object.assign(document.createElement('link'), { rel: 'icon', href: brand.logo.src }));
}
