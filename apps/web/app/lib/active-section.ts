export type SectionPosition = { id: string; top: number };

/**
 * The section the reader is in: the last one whose top (document coordinates) has reached the line
 * `offset` px below the viewport top. At the very bottom of the page the last section wins, since a
 * short final section can never reach that line.
 */
export function activeSectionId(
  sections: readonly SectionPosition[],
  view: { scrollY: number; viewportHeight: number; pageHeight: number },
  offset: number,
): string | undefined {
  if (sections.length === 0) return undefined;
  const atBottom = view.scrollY + view.viewportHeight >= view.pageHeight - 2;
  if (atBottom) return sections.at(-1)?.id;
  const line = view.scrollY + offset + 1;
  let current = sections[0]?.id;
  for (const section of sections) if (section.top <= line) current = section.id;
  return current;
}
