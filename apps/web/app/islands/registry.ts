import type { ComponentType } from 'react';

/** Every island's component by name, loaded when the islands entry hydrates it. */
export const islandComponents = {
  'contact-form': () => import('../contact/contact-form').then((m) => m.ContactForm),
  'compact-form': () => import('../contact/compact-contact-form').then((m) => m.CompactContactForm),
  'stat-counter': () => import('../components/sections/stat-counter').then((m) => m.StatCounter),
  'research-slider': () => import('../components/sections/research-slider').then((m) => m.ResearchSlider),
  'product-grid': () => import('../components/sections/product-grid').then((m) => m.ProductGrid),
} satisfies Record<string, () => Promise<ComponentType<never>>>;

export type IslandName = keyof typeof islandComponents;
