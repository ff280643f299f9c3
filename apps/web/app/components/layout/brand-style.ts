import type { CSSProperties } from 'react';
import { brand } from '../../content/brand';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The brand colours as CSS custom properties (`primaryDark` becomes `--brand-primary-dark`), from which
 * palette.css derives the colours of both themes.
 */
export const brandStyle = Object.fromEntries(
  Object.entries(brand.colours).map(([name, value]) => [`--brand-${kebab(name)}`, value]),
) as CSSProperties;
