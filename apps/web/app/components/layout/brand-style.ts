import type { CSSProperties } from 'react';
import { brand } from '../../content/brand';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The brand colours as CSS custom properties (`primaryDark` becomes `--c-primary-dark`). */
export const brandStyle = Object.fromEntries(
  Object.entries(brand.colours).map(([name, value]) => [`--c-${kebab(name)}`, value]),
) as CSSProperties;
