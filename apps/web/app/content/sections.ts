/** The landing page's sections that the header links to, in page order: their ids in every language. */
export const navSectionIds = ['top', 'about', 'solutions', 'white-label', 'contact'] as const;

export type SectionId = (typeof navSectionIds)[number];
