/** The landing page's sections that the header links to, in page order. */
export const navItems = [
  { sectionId: 'top', label: 'HOME' },
  { sectionId: 'about', label: 'ABOUT' },
  { sectionId: 'solutions', label: 'SOLUTIONS' },
  { sectionId: 'white-label', label: 'WHITE LABEL' },
  { sectionId: 'contact', label: 'CONTACT US' },
] as const;

export type SectionId = (typeof navItems)[number]['sectionId'];

export const navText = {
  menuButton: 'Menu',
  primaryNav: 'Main',
  skipLink: 'Skip to main content',
  backToTop: 'Back to top',
  logoHome: 'home',
};
