import type { SectionId } from '../sections';

/** The header's links to the landing page's sections, and the words around them. */
export const navigation = {
  labels: {
    top: 'HOME',
    about: 'ABOUT',
    solutions: 'SOLUTIONS',
    'white-label': 'WHITE LABEL',
    contact: 'CONTACT US',
  } satisfies Record<SectionId, string>,
  menuButton: 'Menu',
  primaryNav: 'Main',
  skipLink: 'Skip to main content',
  backToTop: 'Back to top',
};

export type NavigationCopy = typeof navigation;
