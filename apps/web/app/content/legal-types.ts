/** A block of legal text. Plain strings; e-mail addresses in them become mailto links when rendered. */
export type LegalBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

export type LegalSection = {
  /** kebab-case anchor id, unique within the page */
  id: string;
  heading: string;
  blocks: LegalBlock[];
};

export type LegalPage = {
  title: string;
  /** What search results show under the title. */
  metaDescription: string;
  /** ISO date the text was last revised, e.g. '2026-11-22' */
  lastUpdated: string;
  intro: LegalBlock[];
  sections: LegalSection[];
};
