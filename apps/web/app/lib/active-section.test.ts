import { describe, expect, it } from 'vitest';
import { activeSectionId } from './active-section';

const sections = [
  { id: 'top', top: 0 },
  { id: 'about', top: 800 },
  { id: 'solutions', top: 1600 },
  { id: 'contact', top: 3000 },
];
const view = (scrollY: number) => ({ scrollY, viewportHeight: 800, pageHeight: 4000 });

describe('activeSectionId', () => {
  it('marks the first section at the top of the page', () => {
    expect(activeSectionId(sections, view(0), 60)).toBe('top');
  });

  it('switches to a section once its top reaches the 60 px line below the header', () => {
    expect(activeSectionId(sections, view(738), 60)).toBe('top');
    expect(activeSectionId(sections, view(740), 60)).toBe('about');
    expect(activeSectionId(sections, view(1540), 60)).toBe('solutions');
  });

  it('marks the last section when the page is scrolled to the bottom', () => {
    expect(activeSectionId(sections, view(3200), 60)).toBe('contact');
  });

  it('returns nothing when there are no sections', () => {
    expect(activeSectionId([], view(0), 60)).toBeUndefined();
  });
});
